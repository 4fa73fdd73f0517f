// What the processes and mpi evaluators cost against the serial one, measured in one run:
//
//   BM_Evaluate/<kind>/<sleep_ms>/<points>  one batch of `points` points of slow_objective
//                                           (which sleeps sleep_ms per point) evaluated by
//                                           `kind`: 0 serial, 1 processes with 2 workers,
//                                           2 mpi on the ranks 1..K-1 of the job.
//
// With sleep_ms = 10 the ideal for 2 workers is 200 evaluations/s; with sleep_ms = 0 the time
// per evaluation is the evaluator's own cost (for processes: a message per chunk, a result
// per point, both through a socket; for mpi the same over MPI, plus the socket from each rank
// to its bopp-worker). Wall-clock time: the work happens in other processes. The mpi cases
// run only under `mpirun -n 3 evaluator_throughput_bench` (2 evaluating ranks).
//
//   BM_UnevenRun/<async>/<workers>           a whole run (random search, 48 evaluations) on
//                                            slow_objective with uneven times, 2 + 40 x0 ms
//                                            (x0 uniform in [0, 1]), with `processes`: batch =
//                                            workers asked batch by batch (async 0), or batch =
//                                            1 asked whenever a worker is free (async 1).
//
// `busy` is the share of the workers' time spent evaluating: the sum of the points' own
// times over (workers x the run's wall time). Batch by batch, a worker waits for the slowest
// point of its batch; asynchronously it does not.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/evaluators/serial_evaluator.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/mpi/mpi_evaluator.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

namespace host = bopp::host;

const host::PluginRegistry& registry() {
  static const host::PluginRegistry instance({std::filesystem::path(BOPP_BENCH_TEST_PLUGIN_DIR),
                                              std::filesystem::path(BOPP_BENCH_PLUGIN_DIR)});
  return instance;
}

void BM_Evaluate(benchmark::State& state) {
  const auto kind = state.range(0);
  if (kind == 2 && host::MpiJob::current() == nullptr) {
    state.SkipWithError("mpi: run under mpirun -n 3");
    return;
  }
  const std::string config = "dim = 4\nsleep_ms = " + std::to_string(state.range(1));
  const auto points = static_cast<Eigen::Index>(state.range(2));
  host::HostServices services("slow_objective", host::stderr_log_sink(BOPP_LOG_ERROR), nullptr, 1);
  const host::ObjectiveSpec spec =
      host::ObjectiveSpec::of(registry().objective("slow_objective"), config, 1);
  const auto objective = host::make_objective(spec, registry(), services);
  const host::EvaluatorSetup setup{2, *objective, spec, registry(), services};
  const auto evaluator = kind == 2   ? host::make_mpi_evaluator(setup)
                         : kind == 1 ? host::make_processes_evaluator(setup)
                                     : host::make_serial_evaluator(setup);

  std::mt19937_64 bits(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  bopp::Points X(points, 4);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = unit(bits);
  std::vector<std::uint64_t> seeds(static_cast<std::size_t>(points), 11);
  std::vector<host::Evaluation> out(static_cast<std::size_t>(points));
  double seconds = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    evaluator->evaluate(X, seeds, out);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(out.data());
  }
  for (const host::Evaluation& e : out) {
    if (!e.ok) state.SkipWithError(("an evaluation failed: " + e.message).c_str());
  }
  using benchmark::Counter;
  state.counters["evals_per_s"] =
      Counter(static_cast<double>(points), Counter::kIsIterationInvariantRate);
  state.counters["us_per_eval"] = 1e6 * seconds / static_cast<double>(state.iterations() * points);
  state.SetLabel(evaluator->describe());
}

BENCHMARK(BM_Evaluate)
    ->ArgNames({"kind", "sleep_ms", "points"})
    ->Args({0, 10, 40})
    ->Args({1, 10, 40})
    ->Args({0, 0, 1000})
    ->Args({1, 0, 1000})
    ->Args({0, 0, 4})
    ->Args({1, 0, 4})
    ->Args({2, 10, 40})
    ->Args({2, 0, 1000})
    ->Args({2, 0, 4})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_UnevenRun(benchmark::State& state) {
  const bool async = state.range(0) != 0;
  const auto workers = state.range(1);
  const std::string text =
      "[run]\nseed = 3\nbudget = 48\nbatch = " + std::to_string(async ? 1 : workers) +
      "\n[objective]\nname = 'slow_objective'\nsleep_ms = 2.0\njitter_ms = 40.0\n"
      "[algorithm]\nname = 'random'\n[evaluator]\nkind = 'processes'\nworkers = " +
      std::to_string(workers) + (async ? "\nasync = true\n" : "\n");
  host::Experiment experiment = host::Experiment::parse(text, "uneven.toml");
  experiment.output = (std::filesystem::temp_directory_path() / "bopp-bench-uneven-run").string();
  experiment.resolve_plugins(registry());
  host::RunOptions options;
  options.progress = false;
  options.log = nullptr;
  options.overwrite = true;
  double busy = 0.0, wall = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const host::RunResult result = host::run_experiment(experiment, registry(), options);
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (result.status != host::RunStatus::completed) state.SkipWithError(result.message.c_str());
    for (const auto& e : host::read_evaluations(result.record / "evaluations.jsonl"))
      busy += e.seconds;
  }
  using benchmark::Counter;
  state.counters["evals_per_s"] = Counter(48.0, Counter::kIsIterationInvariantRate);
  state.counters["busy"] = busy / (static_cast<double>(workers) * wall);
}

BENCHMARK(BM_UnevenRun)
    ->ArgNames({"async", "workers"})
    ->Args({0, 2})
    ->Args({1, 2})
    ->Args({0, 4})
    ->Args({1, 4})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

// Under mpirun, rank 0 runs the benchmarks and the other ranks evaluate for it.
int main(int argc, char** argv) {
  std::unique_ptr<host::MpiJob> job;
  if (host::started_by_mpirun()) {
    job = std::make_unique<host::MpiJob>(argc, argv);
    if (job->rank() > 0) return host::serve_evaluating_rank(*job);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
