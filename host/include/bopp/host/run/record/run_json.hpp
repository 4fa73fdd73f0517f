// bopp/host/run/record/run_json.hpp: run.json, written as a run starts and ends, and read back
// by `bopp resume`, `bopp bench` and `bopp report` (docs/run-record.md).
#pragma once

#include <bopp/host/common/time_spent.hpp>
#include <bopp/host/report/regret.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/run_status.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// The library a plugin came from, as the run loaded it.
struct PluginLibraryIdentity {
  std::string plugin_version;  // the plugin's own version ("" when it gives none)
  std::string name;            // the library's name and version
  std::string version;
  std::string path;
  std::string sha1;                     // of the file as loaded
  std::optional<std::string> build_id;  // the linker's GNU build id, when the file has one
  std::string abi;                      // "major.minor", the ABI the library was built against
};

// Which plugin a run used: run.json's `objective`, `algorithm` and `problem`.
struct PluginIdentity {
  std::string name;
  // Empty for a caller's own objective (bopp.run(objective=f)), known by its name only.
  std::optional<PluginLibraryIdentity> library;
};

// Where a run's time went, in seconds.
struct RunTimes {
  double algorithm_seconds = 0.0;  // ask + tell
  // The process's CPU time in them (time_spent.hpp); unknown when a batch's is.
  double algorithm_cpu_seconds = 0.0;
  double evaluation_seconds = 0.0;
  double total_seconds = 0.0;
};

// What run.json says as a run starts: who runs what. It is written with this bopp's version
// and ABI, status "running", the start time, and the fields the end fills in as null.
// The [run] initial_design a run started from: how many points it evaluated, of which kind, from
// which file (kind 'file').
struct DesignRecord {
  std::uint64_t points = 0;
  std::string kind;
  std::string path;
};

struct RunStart {
  std::string experiment;  // the experiment file
  PluginIdentity objective;
  PluginIdentity algorithm;
  // A caller's objective: the plugin whose problem the run solved.
  std::optional<PluginIdentity> problem;
  std::uint64_t seed = 0;
  std::uint64_t budget = 0;
  std::uint64_t batch = 0;
  std::string evaluator;  // Evaluator::describe()
  std::uint64_t dim = 0;
  bool minimize = true;
  std::optional<double> optimum;
  std::string experiment_sha1;  // of the record's experiment.toml
  // The folder the run was started in, absolute: relative paths in the experiment (a command's
  // argv, a dataset's file) were taken from it, and `bopp resume` takes them from it again.
  std::string working_folder;
  std::optional<DesignRecord> initial_design;
};

// What run.json says once the run has ended; written with the end time.
struct RunEnd {
  RunStatus status = RunStatus::completed;
  std::string message;
  std::uint64_t evaluations = 0;
  std::uint64_t failed_evaluations = 0;
  std::optional<RecordedEvaluation> best;          // its index, x and y
  std::optional<std::vector<double>> recommended;  // null when there is none
  std::optional<RegretSoFar> regret;               // its simple and cumulative regret
  RunTimes times;
};

// The fields of run.json as the run starts, and as it ends (merged into it: RunRecord::update).
nlohmann::json run_json(const RunStart& start);
nlohmann::json run_json(const RunEnd& end);

// Gives `run` bopp's version and status "running" where it lacks them: they mark a folder as
// holding a run record (holds_run_record).
void mark_as_run_record(nlohmann::json& run);

enum class PluginRole { objective, algorithm };

// What `bopp report` compares completed runs by.
struct RunSummary {
  std::uint64_t seed = 0;
  std::uint64_t batch = 1;
  bool minimize = true;
  std::optional<double> optimum;
  std::string objective;  // the plugins' names
  std::string algorithm;
  double algorithm_seconds = 0.0;
  double algorithm_cpu_seconds = kUnknownSeconds;  // `algorithm_cpu`, when run.json has it
  double evaluation_seconds = 0.0;
};

// A run.json read back. Run records are shared data: a damaged one must not stop a bench or a
// resume's checks, so the texts read as "" when missing or not strings.
class RunJson {
 public:
  RunJson() = default;
  explicit RunJson(nlohmann::json document) : document_(std::move(document)) {}

  bool is_object() const { return document_.is_object(); }
  // Whether it marks a run record: a string `bopp_version` and a `status` that names a status.
  bool marks_run_record() const;
  std::string status_text() const;
  std::optional<RunStatus> status() const { return parse_run_status(status_text()); }
  std::string bopp_version() const;
  // The folder the run was started in ("" when the record does not say).
  std::string working_folder() const;
  std::string plugin_name(PluginRole role) const;
  // The SHA-1 of the plugin's library file as the run loaded it.
  std::string library_sha1(PluginRole role) const;
  // A text of the plugin's identity (its `version`, `library`, `library_version`...); "" when
  // missing or not a string.
  std::string plugin_text(PluginRole role, const char* key) const { return text_in(role, key); }
  // Throws nlohmann::json::exception naming the first field missing or of another type.
  RunSummary summary() const;

  // The first of the fields that fix what the run evaluates (seed, budget, batch, dim, sense,
  // optimum, the experiment file's SHA-1) that differs from `start`'s, as one clause naming
  // both values; nullopt when they agree. A field the record lacks (older records have no
  // experiment SHA-1) is not compared.
  std::optional<std::string> start_difference(const RunStart& start) const;

  // The run.json of this run resumed: this one, with `start`'s fields but its own start time,
  // experiment file and working folder (the run goes on under them).
  nlohmann::json resumed(const RunStart& start) const;

 private:
  std::string text_in(PluginRole role, const char* key) const;

  nlohmann::json document_;
};

// `folder`/run.json; throws Error naming the file when it cannot be read or is not JSON.
RunJson read_run_json(const std::filesystem::path& folder);
// `folder`/run.json, or nullopt when it cannot be read or is not JSON.
std::optional<RunJson> try_read_run_json(const std::filesystem::path& folder);

// True when `folder`/run.json is a run record bopp wrote (RunJson::marks_run_record). Only such
// a folder may be overwritten (--overwrite).
bool holds_run_record(const std::filesystem::path& folder);

}  // namespace bopp::host
