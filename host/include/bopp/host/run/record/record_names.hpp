// bopp/host/run/record/record_names.hpp: every name a run record is written with, spelled once:
// its files and their keys (docs/run-record.md says what each holds). The format units of this
// folder (run_json, evaluation_line, batch_timing, log_line) are the only readers and writers
// of the keys; other code goes through them.
#pragma once

namespace bopp::host {

// The files of a run folder.
namespace record_file {
inline constexpr const char* kExperiment = "experiment.toml";
inline constexpr const char* kRun = "run.json";
inline constexpr const char* kEvaluations = "evaluations.jsonl";
inline constexpr const char* kBatches = "batches.jsonl";
inline constexpr const char* kLog = "log.jsonl";
// The algorithm's state after the batches it names (checkpoint_file.hpp).
inline constexpr const char* kCheckpoint = "checkpoint.bin";
}  // namespace record_file

// The keys of their JSON objects. A key several files share is one constant, whatever it means
// in each (`batch` is run.json's batch size and an evaluation's ask).
namespace record_key {
// run.json
inline constexpr const char* kBoppVersion = "bopp_version";
inline constexpr const char* kAbi = "abi";  // also in a plugin's identity
inline constexpr const char* kExperiment = "experiment";
inline constexpr const char* kWorkingFolder = "working_folder";
inline constexpr const char* kObjective = "objective";
inline constexpr const char* kAlgorithm = "algorithm";  // also in `time`
inline constexpr const char* kProblem = "problem";
inline constexpr const char* kBudget = "budget";
inline constexpr const char* kEvaluator = "evaluator";
inline constexpr const char* kDim = "dim";
inline constexpr const char* kSense = "sense";
inline constexpr const char* kOptimum = "optimum";
inline constexpr const char* kStarted = "started";
inline constexpr const char* kFinished = "finished";
inline constexpr const char* kFailedEvaluations = "failed_evaluations";
inline constexpr const char* kBest = "best";
inline constexpr const char* kRecommended = "recommended";
inline constexpr const char* kSimple = "simple";               // in `regret`
inline constexpr const char* kCumulative = "cumulative";       // in `regret`
inline constexpr const char* kEvaluation = "evaluation";       // in `time`
inline constexpr const char* kTotal = "total";                 // in `time`
inline constexpr const char* kAlgorithmCpu = "algorithm_cpu";  // in `time`
// run.json: a plugin's identity
inline constexpr const char* kName = "name";
inline constexpr const char* kVersion = "version";
inline constexpr const char* kLibrary = "library";
inline constexpr const char* kLibraryVersion = "library_version";
inline constexpr const char* kLibraryPath = "library_path";
inline constexpr const char* kLibrarySha1 = "library_sha1";
inline constexpr const char* kLibraryBuildId = "library_build_id";
// run.json and evaluations.jsonl
inline constexpr const char* kSeed = "seed";
inline constexpr const char* kStatus = "status";
inline constexpr const char* kTime = "time";
inline constexpr const char* kRegret = "regret";
inline constexpr const char* kIndex = "index";  // also in run.json's `best`
inline constexpr const char* kX = "x";          // also in run.json's `best`
inline constexpr const char* kY = "y";          // also in run.json's `best`
// run.json, evaluations.jsonl and batches.jsonl
inline constexpr const char* kBatch = "batch";
// run.json, evaluations.jsonl and log.jsonl
inline constexpr const char* kMessage = "message";
inline constexpr const char* kDesign = "design";  // true on the points of an initial design
// run.json and log.jsonl
inline constexpr const char* kEvaluations = "evaluations";
// evaluations.jsonl
inline constexpr const char* kSimpleRegret = "simple_regret";
inline constexpr const char* kCumulativeRegret = "cumulative_regret";
// batches.jsonl
inline constexpr const char* kPoints = "points";
inline constexpr const char* kInitialDesign = "initial_design";
inline constexpr const char* kKind = "kind";  // in `initial_design`
inline constexpr const char* kPath = "path";  // in `initial_design`
inline constexpr const char* kAskTime = "ask_time";
inline constexpr const char* kEvaluationTime = "evaluation_time";
inline constexpr const char* kTellTime = "tell_time";
inline constexpr const char* kAskCpuTime = "ask_cpu_time";
inline constexpr const char* kTellCpuTime = "tell_cpu_time";
inline constexpr const char* kPending = "pending";
// log.jsonl
inline constexpr const char* kPlugin = "plugin";
inline constexpr const char* kLevel = "level";
// checkpoint.bin's header line (with kBoppVersion, kAlgorithm, kVersion, kLibrarySha1,
// kEvaluations)
inline constexpr const char* kFormat = "format";
inline constexpr const char* kExperimentSha1 = "experiment_sha1";
inline constexpr const char* kBatches = "batches";
inline constexpr const char* kEvaluationsSha1 = "evaluations_sha1";
inline constexpr const char* kStateBytes = "state_bytes";
inline constexpr const char* kStateSha1 = "state_sha1";
}  // namespace record_key

}  // namespace bopp::host
