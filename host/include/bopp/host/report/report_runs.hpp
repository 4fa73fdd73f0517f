// bopp/host/report/report_runs.hpp: finding and reading the run records a report compares.
#pragma once

#include <bopp/host/run/record/batch_timing.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// Where a run's plugin came from, as its run.json records it ("" where it does not say).
struct PluginProvenance {
  std::string name;
  std::string version;  // the plugin's own
  std::string library;  // the library's name and version
  std::string library_version;
  std::string library_sha1;  // of the file as loaded
};

// One completed run, as the report needs it.
struct ReportRun {
  std::filesystem::path folder;
  std::string objective;  // label: the grid's, or the name plus the keys that differ
  std::string algorithm;  // between runs of the same name ("random-design=sobol")
  std::uint64_t seed = 0;
  std::uint64_t batch = 1;
  bool minimize = true;
  std::optional<double> optimum;  // the objective's known optimum value
  std::vector<RecordedEvaluation> evaluations;
  std::vector<BatchTiming> batches;  // batches.jsonl: each round's ask, evaluation and tell time
  // Ask + tell, and the waits for evaluations, over the whole run: the sums of batches.jsonl
  // when it has a line for every batch (a resumed run's run.json counts its last process only),
  // else run.json's time.algorithm and time.evaluation.
  double algorithm_seconds = 0.0;
  double evaluation_seconds = 0.0;
  // The process's CPU time in the asks and tells, from the same source; NaN when a batch's
  // (or run.json's) is not known.
  double algorithm_cpu_seconds = kUnknownSeconds;
  std::string bopp_version;  // the bopp that ran it
  PluginProvenance objective_plugin;
  PluginProvenance algorithm_plugin;
};

// Every run record under `folders` (a run folder, or any folder above run folders). Runs
// listed in a bench's index.json take its labels. Runs whose status is not "completed"
// are left out, each with a line in `notes`. Throws Error when a record cannot be read.
std::vector<ReportRun> load_report_runs(const std::vector<std::filesystem::path>& folders,
                                        std::vector<std::string>& notes);

}  // namespace bopp::host
