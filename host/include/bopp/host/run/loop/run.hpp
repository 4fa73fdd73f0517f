// bopp/host/run/loop/run.hpp: the ask/evaluate/tell loop of one experiment.
#pragma once

#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/evaluators/evaluator.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/record/run_record.hpp>
#include <bopp/host/run/record/run_status.hpp>

#include <Eigen/Core>

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

struct RunOptions {
  bool overwrite = false;  // replace a run already in the output folder
  bool sync = true;        // fsync the record after every batch
  bool progress = true;    // one-line progress on stderr when a terminal
  LogSink log = stderr_log_sink(BOPP_LOG_WARNING);
  const std::atomic<bool>* stop = nullptr;        // set it (e.g. on SIGINT) to stop after a batch
  const std::atomic<int>* stop_signal = nullptr;  // the signal that set `stop`, for the record
  std::uint64_t memory_ceiling = 0;  // bytes the run's points may take; 0: run_memory_ceiling()
  // A time limit in seconds (--stop-after) in place of the experiment's [run] time_limit; 0: that.
  double stop_after_s = 0.0;
  // The caller's own evaluation of the points (bopp.run(objective=callable)), in place of the
  // [objective] plugin's; the run still solves that plugin's problem (bounds, sense, optimum).
  // Only an [evaluator] kind in `caller_evaluator_kinds` may be named with it (the caller's
  // evaluator does what that kind says). run.json calls the objective `caller_objective_name`
  // and keeps the plugin's identity under "problem".
  Evaluator* caller_evaluator = nullptr;
  std::string caller_objective_name;
  std::vector<std::string> caller_evaluator_kinds{"serial"};
};

struct RunResult {
  std::filesystem::path record;           // the run record folder
  RunStatus status = RunStatus::running;  // how it ended: completed, stopped or failed
  std::string message;                    // why it failed
  std::uint64_t evaluations = 0;
  std::uint64_t failed_evaluations = 0;
  std::optional<RecordedEvaluation> best;  // best successful evaluation, objective's sense
  Eigen::VectorXd recommended;             // the algorithm's recommendation at the end
  std::optional<double> optimum;           // the objective's known optimum value, if any
  bool minimize = false;                   // the objective's sense
  // Simple and cumulative regret after the last evaluation, when the optimum is known.
  std::optional<RegretSoFar> regret;
  bool time_limit = false;  // stopped by its time limit, not a signal: resume it
  // A resumed run: the evaluations its checkpoint covered (not replayed), and why none did
  // (also logged as a warning); empty when one did or none applied.
  std::uint64_t restored_evaluations = 0;
  std::string checkpoint_not_used;
  std::uint64_t checkpoints = 0;  // checkpoints written by this process
};

// Runs `experiment` (its plugin sections already resolved against `registry`). Errors
// before the run record exists (sizes the machine cannot hold, a plugin that cannot be
// created, an unwritable folder) throw Error; once it exists, a failure ends the run with status
// "failed" and its message, and the record stays valid.
RunResult run_experiment(const Experiment& experiment, const PluginRegistry& registry,
                         const RunOptions& options = {});

struct RecordedRun;

// Continues the run `recorded` holds (bopp resume; resume_run in run_resume.hpp checks the
// record and holds its folder's lock): creates the plugins as `run_experiment` does, restores
// the record's checkpoint when it belongs to the record (checkpoints.hpp), replays the recorded
// evaluations after it (each asked point checked against the record bit for bit, the
// recorded values told, nothing evaluated), then evaluates what the record lacks and goes on
// to the budget, appending to the record. A replay that differs throws Error naming the
// evaluation before anything in the folder is written. The record's own consistency is
// checked too: run.json's seed, budget, batch, dim, sense, optimum and experiment SHA-1
// against the experiment, each line's regret against its y, and, with `recheck_best`, the
// best recorded y against the objective evaluated again at its point and seed.
RunResult continue_run(const Experiment& experiment, const PluginRegistry& registry,
                       const RecordedRun& recorded, const RunOptions& options = {},
                       bool recheck_best = true);

}  // namespace bopp::host
