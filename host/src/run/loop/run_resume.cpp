#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_status.hpp>

#include <fstream>
#include <string>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

std::string text_at(const nlohmann::json& run, const char* section, const char* key) {
  const auto s = run.find(section);
  if (s == run.end() || !s->is_object()) return "";
  const auto k = s->find(key);
  return k != s->end() && k->is_string() ? k->get<std::string>() : "";
}

// The library a plugin comes from now must be the file the run loaded, byte for byte.
template <class Entry>
void check_library(const nlohmann::json& run, const char* kind, const Entry& entry,
                   const ResumeOptions& resume) {
  const std::string recorded = text_at(run, kind, "library_sha1");
  const std::string now = entry.library->file_sha1();
  if (recorded == now || resume.allow_changed_libraries) return;
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
    std::ifstream in(folder / "run.json");
    const nlohmann::json run = nlohmann::json::parse(in, nullptr, false);
    if (recorded_status_text(run) == to_string(RunStatus::completed)) return std::nullopt;
    throw Error(
        "it is an asynchronous run ([evaluator] async = true), and bopp resume replays only "
        "runs that ask batch by batch; start it again with `bopp run " +
        (folder / "experiment.toml").string() + " --overwrite`");
  }
  const RecordedRun recorded = read_recorded_run(folder);
  const std::string status = recorded_status_text(recorded.run);
  if (status == to_string(RunStatus::completed)) return std::nullopt;
  const std::string version = recorded.run.value("bopp_version", "");
  if (version != BOPP_VERSION) {
    throw Error("the run was recorded by bopp " + version + ", this is bopp " + BOPP_VERSION +
                "; rerun it with `bopp run " + (folder / "experiment.toml").string() +
                " --overwrite`");
  }
  Experiment experiment = Experiment::load(folder / "experiment.toml");
  experiment.output = folder.string();
  experiment.resolve_plugins(registry);
  if (text_at(recorded.run, "objective", "name") != experiment.objective.name ||
      text_at(recorded.run, "algorithm", "name") != experiment.algorithm.name) {
    throw Error("experiment.toml names objective '" + experiment.objective.name +
                "' and algorithm '" + experiment.algorithm.name + "', run.json '" +
                text_at(recorded.run, "objective", "name") + "' and '" +
                text_at(recorded.run, "algorithm", "name") + "'");
  }
  check_library(recorded.run, "objective", registry.objective(experiment.objective.name), resume);
  check_library(recorded.run, "algorithm", registry.algorithm(experiment.algorithm.name), resume);
  return continue_run(experiment, registry, recorded, options);
}

}  // namespace

std::optional<RunResult> resume_run(const fs::path& folder, const PluginRegistry& registry,
                                    const RunOptions& options, const ResumeOptions& resume) {
  const std::string name = "cannot resume '" + folder.string() + "': ";
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) throw Error(name + "no such folder");
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
