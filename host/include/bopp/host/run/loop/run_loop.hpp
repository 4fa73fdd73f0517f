// bopp/host/run/loop/run_loop.hpp: the state of one run's ask/evaluate/tell rounds, and what
// every round does whether the run asks batch by batch (batch_loop), asynchronously
// (async_loop) or replays its record (run_replay): ask, record and tell, and time.
#pragma once

#include <bopp/host/common/time_spent.hpp>
#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/run/evaluators/evaluator.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/checkpoints.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/record/progress.hpp>
#include <bopp/host/run/record/run_log.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

// A batch the algorithm asked for, and the head of it a resumed run found recorded.
struct AskedBatch {
  bopp::Points X;
  TimeSpent ask_time;
  std::vector<RecordedEvaluation> known;
};

// The line of evaluations.jsonl for point `x`, the `index`th asked, in ask `batch`, evaluated
// with `seed` to `evaluation`.
RecordedEvaluation recorded_evaluation(std::uint64_t index, std::uint64_t batch,
                                       std::vector<double> x, std::uint64_t seed,
                                       Evaluation evaluation);

// What the algorithm is told of a recorded batch, in its convention (told_value, told_status).
struct ToldValues {
  std::vector<double> y;
  std::vector<std::int32_t> status;
};

class RunLoop {
 public:
  RunLoop(const Experiment& experiment, const bopp::Problem& problem, Algorithm& algorithm,
          Evaluator& evaluator, RunLog& log, const RunOptions& options);

  // From here on every batch is appended to `record`, with the timings of the replayed
  // batches past its first `timed_batches` lines. Before, nothing is written (a replay). The
  // algorithm's time restarts from the whole run's so far: `recorded` (the asks and tells of
  // those lines), the replayed batches' it appends and `cut_ask` (the ask of the batch under
  // way, which the kill cut, asked again in the replay, when no kept line times it), not the
  // replay's own work.
  void start_recording(RunRecord& record, std::uint64_t timed_batches,
                       const TimeSpent& recorded = {}, const TimeSpent& cut_ask = {});
  // Saves the algorithm's state through `writer` once recording (after_batch).
  void checkpoint_with(CheckpointWriter& writer) { checkpoints_ = &writer; }
  // Counts the recorded batches a restored checkpoint covers into `result` (regret, best,
  // failures) and moves past them, without asking or telling the algorithm.
  void skip_restored(std::span<const RecordedEvaluation> lines, RunResult& result);
  // After a told batch: a checkpoint when one is due, or (`stopping`) whenever a batch was told
  // since the last.
  void after_batch(const RunResult& result, bool stopping);

  // The [run] initial_design's points: the run's first batch, evaluated and told in place of the
  // algorithm's first ask.
  void use_design(bopp::Points X) { design_ = std::move(X); }
  // Whether the next batch is the design.
  bool design_batch() const { return batch_ == 0 && design_.rows() > 0; }

  // Up to `room` points from the algorithm, the ask timed; the design's points (all of them,
  // whatever the room) while design_batch().
  AskedBatch ask(std::uint64_t room);
  // Gives `lines` their regret, counts them into `result` and appends those past the first
  // `known` (the ones a resumed run found recorded) to the record; what the algorithm is to be
  // told of them.
  ToldValues record(std::span<RecordedEvaluation> lines, std::size_t known, RunResult& result);
  // Tells the algorithm the recorded batch `X`; returns the tell's time.
  TimeSpent tell(const bopp::Points& X, const ToldValues& told, const RunResult& result);
  // Appends a batch's timing to batches.jsonl, or keeps it for start_recording in a replay.
  void time(const BatchTiming& timing);
  // Host time spent waiting for evaluations.
  void add_evaluation_seconds(double seconds) { times_.evaluation_seconds += seconds; }

  // The index of the next ask, and the move past it once its points are known.
  std::uint64_t batch() const { return batch_; }
  void next_batch() { ++batch_; }

  // A stop signal came, or the time limit has passed.
  bool stop_requested() const;
  // Ends `result` as stopped: "stopped by SIGTERM after 60 evaluations, `finished`" (or "stopped
  // (time limit) after ..."), whoever stopped the run, and what the record holds.
  void stop(RunResult& result, const std::string& finished) const;
  void show_progress(const RunResult& result);
  void finish_progress() { progress_.finish(); }
  // Asks the algorithm for its recommendation at the end. Every evaluation is recorded by
  // then, so one that fails (throws, or lies outside the bounds) costs the recommendation, not
  // the run: a warning, the status kept, and `recommended` left empty.
  void recommend(RunResult& result);
  // A warning for the record's log and the terminal.
  void warn(const std::string& message);
  // Warns, the first time in the run, when `e` failed because the objective broke its
  // contract (NaN with status OK, a write past a buffer) rather than failing as declared.
  void warn_if_misbehaving(const Evaluation& e);

  const Experiment& experiment() const { return experiment_; }
  const bopp::Problem& problem() const { return problem_; }
  Evaluator& evaluator() { return evaluator_; }
  const RunTimes& times() const { return times_; }

 private:
  // Adds an ask's or a tell's time to the run's.
  void add_algorithm_time(const TimeSpent& t);
  // The span `watch` timed; its CPU time unknown in an asynchronous run, where the evaluations
  // in this process's threads run beside the asks and tells.
  TimeSpent time_of(const Stopwatch& watch) const;

  const Experiment& experiment_;
  const bopp::Problem& problem_;
  Algorithm& algorithm_;
  Evaluator& evaluator_;
  RunRecord* record_ = nullptr;  // null while replaying
  RunLog& log_;
  const RunOptions& options_;
  Progress progress_;
  RunTimes times_;
  std::uint64_t batch_ = 0;
  bopp::Points design_;                  // no rows: no initial design
  std::optional<RunningRegret> regret_;  // when the objective declares its optimum
  std::vector<BatchTiming> replayed_timings_;
  std::uint64_t timed_batches_ = 0;  // batches.jsonl lines a resumed record kept
  // The batch under way at a resume when a kept line already times it: its tell is not counted
  // again.
  std::optional<std::uint64_t> timed_batch_under_way_;
  CheckpointWriter* checkpoints_ = nullptr;
  bool warned_misbehaving_ = false;
  // When the time limit ends the run (from the loop's creation); none without one.
  std::optional<std::chrono::steady_clock::time_point> deadline_;
};

}  // namespace bopp::host
