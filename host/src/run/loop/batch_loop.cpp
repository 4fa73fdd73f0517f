#include <bopp/host/common/out_of_memory.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/run/loop/batch_loop.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <algorithm>
#include <chrono>

namespace bopp::host {

AskedBatch ask_batch(RunLoop& loop, const RunResult& result) {
  const Experiment& experiment = loop.experiment();
  return loop.ask(std::min(experiment.batch, experiment.budget - result.evaluations));
}

void finish_batch(RunLoop& loop, AskedBatch& asked, RunResult& result) {
  const Experiment& experiment = loop.experiment();
  const bopp::Points& X = asked.X;
  const auto n = static_cast<std::size_t>(X.rows());
  const std::size_t known = asked.known.size();
  std::vector<RecordedEvaluation> lines = std::move(asked.known);
  lines.resize(n);
  double evaluation_seconds = 0.0;
  for (std::size_t i = 0; i < known; ++i) evaluation_seconds += lines[i].seconds;
  if (known < n) {
    const std::size_t m = n - known;
    const bopp::Points rest =
        known == 0 ? X : bopp::Points(X.bottomRows(static_cast<Eigen::Index>(m)));
    const std::vector<std::uint64_t> seeds =
        evaluation_seeds(experiment.seed, result.evaluations + known, m);
    std::vector<Evaluation> evaluations(m);
    const auto t = std::chrono::steady_clock::now();
    out_of_memory_named("objective '" + experiment.objective.name + "'",
                        "evaluating " + std::to_string(m) + " points", [&] {
                          loop.evaluator().evaluate(rest, seeds, evaluations);
                          return 0;
                        });
    evaluation_seconds += seconds_since(t);
    for (std::size_t i = 0; i < m; ++i) {
      const auto x = point_of(X, static_cast<Eigen::Index>(known + i));
      loop.warn_if_misbehaving(evaluations[i]);
      lines[known + i] =
          recorded_evaluation(result.evaluations + known + i, loop.batch(), {x.begin(), x.end()},
                              seeds[i], std::move(evaluations[i]));
      lines[known + i].design = loop.design_batch();
    }
  }
  loop.add_evaluation_seconds(evaluation_seconds);

  const ToldValues told = loop.record(lines, known, result);
  const std::uint64_t batch = loop.batch();
  loop.next_batch();
  const TimeSpent tell_time = loop.tell(X, told, result);
  loop.time({.batch = batch,
             .points = n,
             .ask_seconds = asked.ask_time.wall,
             .evaluation_seconds = evaluation_seconds,
             .tell_seconds = tell_time.wall,
             .ask_cpu_seconds = asked.ask_time.cpu,
             .tell_cpu_seconds = tell_time.cpu,
             .pending = std::nullopt});
}

void run_batches(RunLoop& loop, RunResult& result) {
  while (result.evaluations < loop.experiment().budget) {
    if (loop.stop_requested()) {
      loop.stop(result, "the batch under way finished");
      loop.after_batch(result, true);
      return;
    }
    AskedBatch asked = ask_batch(loop, result);
    finish_batch(loop, asked, result);
    loop.after_batch(result, false);
    loop.show_progress(result);
  }
}

}  // namespace bopp::host
