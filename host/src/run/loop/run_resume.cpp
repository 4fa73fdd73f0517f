#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/output_folder.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/recorded_run.hpp>

#include <string>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// The library a plugin comes from now must be the file the run loaded, byte for byte.
template <class Entry>
void check_library(const RunJson& run, PluginRole role, const Entry& entry,
                   const ResumeOptions& resume) {
  const std::string recorded = run.library_sha1(role);
  const std::string now = entry.library->file_sha1();
  if (recorded == now || resume.allow_changed_libraries) return;
  const char* kind = role == PluginRole::objective ? "objective" : "algorithm";
  throw Error("the " + std::string(kind) + " '" + entry.table->name + "' comes from '" +
              entry.library->path().string() + "', whose SHA-1 " + now +
              " is not the one the run recorded (" + (recorded.empty() ? "none" : recorded) +
              "); rebuild or install the library the run used, or pass --force");
}

std::optional<RunResult> resume_locked(const fs::path& folder, const PluginRegistry& registry,
                                       const RunOptions& options, const ResumeOptions& resume) {
  // An asynchronous run's record is in the order results came back, and what its algorithm
  // had been told at each ask depended on that timing: the replay does not redo it yet.
  if (records_asynchronous_run(folder)) {
    const std::optional<RunJson> run = try_read_run_json(folder);
    if (run && run->status() == RunStatus::completed) return std::nullopt;
    throw Error(
        "it is an asynchronous run ([evaluator] async = true), and bopp resume replays only "
        "runs that ask batch by batch; start it again with `bopp run " +
        (folder / record_file::kExperiment).string() + " --overwrite`");
  }
  const RecordedRun recorded = read_recorded_run(folder);
  if (recorded.run.status() == RunStatus::completed) return std::nullopt;
  const std::string version = recorded.run.bopp_version();
  if (version != BOPP_VERSION) {
    throw Error("the run was recorded by bopp " + version + ", this is bopp " + BOPP_VERSION +
                "; rerun it with `bopp run " + (folder / record_file::kExperiment).string() +
                " --overwrite`");
  }
  Experiment experiment = Experiment::load(folder / record_file::kExperiment);
  experiment.output = folder.string();
  experiment.resolve_plugins(registry);
  const std::string objective = recorded.run.plugin_name(PluginRole::objective);
  const std::string algorithm = recorded.run.plugin_name(PluginRole::algorithm);
  if (objective != experiment.objective.name || algorithm != experiment.algorithm.name) {
    throw Error("experiment.toml names objective '" + experiment.objective.name +
                "' and algorithm '" + experiment.algorithm.name + "', run.json '" + objective +
                "' and '" + algorithm + "'");
  }
  check_library(recorded.run, PluginRole::objective, registry.objective(experiment.objective.name),
                resume);
  check_library(recorded.run, PluginRole::algorithm, registry.algorithm(experiment.algorithm.name),
                resume);
  return continue_run(experiment, registry, recorded, options, resume.recheck_best);
}

}  // namespace

std::optional<RunResult> resume_run(const fs::path& folder, const PluginRegistry& registry,
                                    const RunOptions& options, const ResumeOptions& resume) {
  const std::string name = "cannot resume '" + folder.string() + "': ";
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) throw Error(name + "no such folder");
  try {
    refuse_foreign_files(folder,
                         {record_file::kRun, record_file::kExperiment, record_file::kEvaluations,
                          record_file::kBatches, record_file::kLog, record_file::kCheckpoint});
  } catch (const Error& e) {
    throw Error(name + e.what());
  }
  // Checked before the lock, whose file would be the first thing bopp put in a user's folder.
  if (!holds_run_record(folder)) {
    throw Error(name +
                "it holds no bopp run record (a run.json naming a bopp version and a status)");
  }
  const FolderLock lock(folder, "run");  // before anything in the folder is read for good
  try {
    return resume_locked(folder, registry, options, resume);
  } catch (const Error& e) {
    throw Error(name + e.what());
  }
}

}  // namespace bopp::host
