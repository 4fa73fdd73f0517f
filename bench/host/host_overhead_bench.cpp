// What the host costs per evaluation: the ask/evaluate/tell loop of random search on the
// sphere, three ways, each doing kEvaluations evaluations per benchmark iteration.
//
//   BM_Direct         RandomSearch and sphere compiled into this program, called directly.
//   BM_ThroughAbi     the random and sphere plugins loaded from the plugin folder, driven
//                     through the host's Algorithm / Objective wrappers and the serial
//                     evaluator, as run_experiment drives them, without the run record.
//   BM_RunExperiment  run_experiment itself, with a run record in a temporary folder and
//                     sync off: the path `bopp run` takes.
//
// BM_Direct and BM_ThroughAbi create their algorithm and objective once and keep asking the
// same instances; BM_RunExperiment creates both, and the record, in every iteration, as
// every run does. After the benchmarks, main prints each path's time per evaluation, its
// ratio to BM_Direct and the difference in ns (the overhead), batch by batch.
#include "functions.hpp"
#include "random_search.hpp"

#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/discrete_rounding.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace host = bopp::host;

constexpr std::int64_t kEvaluations = 1000;  // per iteration: the run's budget
constexpr Eigen::Index kDim = 2;             // sphere's default dimension
constexpr std::uint64_t kSeed = 7;
constexpr double kSphereBound = 5.12;  // sphere's standard box, [-5.12, 5.12]^d

// The registry is built once: loading plugins is not part of any loop measured here.
const host::PluginRegistry& registry() {
  static const host::PluginRegistry instance({fs::path(BOPP_BENCH_PLUGIN_DIR)});
  return instance;
}

void set_counters(benchmark::State& state) {
  using benchmark::Counter;
  state.counters["evals_per_s"] = Counter(kEvaluations, Counter::kIsIterationInvariantRate);
  state.counters["time_per_eval"] =
      Counter(kEvaluations, Counter::kIsIterationInvariantRate | Counter::kInvert);
}

void BM_Direct(benchmark::State& state) {
  const auto batch = static_cast<std::size_t>(state.range(0));
  bopp::Problem problem = bopp::Problem::box(kDim, -kSphereBound, kSphereBound);
  problem.sense = bopp::Sense::maximize;  // the algorithm's view of a minimized objective
  const bopp::Config config(toml::table{{"design", "uniform"}});
  bopp::random_search::RandomSearch algorithm(problem, config, host::algorithm_seed(kSeed),
                                              bopp::Host());
  for (auto _ : state) {
    for (std::int64_t done = 0; done < kEvaluations;) {
      const auto room = std::min<std::size_t>(batch, static_cast<std::size_t>(kEvaluations - done));
      const bopp::Points X = algorithm.ask(room);
      Eigen::VectorXd y(X.rows());
      const std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
      for (Eigen::Index r = 0; r < X.rows(); ++r) {
        y[r] = -bopp::synthetic::sphere(X.row(r).transpose());
      }
      algorithm.tell(X, y, status);
      done += X.rows();
    }
    benchmark::DoNotOptimize(algorithm.recommend());
  }
  set_counters(state);
}

// The loop of run_experiment (host/src/run/loop/run.cpp) minus the run record, the progress line
// and the timing of each phase.
void BM_ThroughAbi(benchmark::State& state) {
  const std::uint64_t batch = static_cast<std::uint64_t>(state.range(0));
  const host::LogSink log = host::stderr_log_sink(BOPP_LOG_WARNING);
  host::HostServices objective_services("sphere", log, nullptr, 1);
  host::HostServices algorithm_services("random", log, nullptr, 1);
  const std::string objective_config = "dim = " + std::to_string(kDim) + "\n";
  const host::ObjectiveSpec spec = host::ObjectiveSpec::of(
      registry().objective("sphere"), objective_config, host::objective_seed(kSeed));
  const std::unique_ptr<host::Objective> objective =
      host::make_objective(spec, registry(), objective_services);
  const bopp::Problem& problem = objective->problem();
  host::Algorithm algorithm(registry().algorithm("random"), problem, "design = \"uniform\"\n",
                            host::algorithm_seed(kSeed), algorithm_services);
  const std::unique_ptr<host::Evaluator> evaluator =
      host::make_evaluator("serial", {1, *objective, spec, registry(), objective_services});

  std::uint64_t index = 0;  // evaluations so far, over all iterations: the seeds' index
  for (auto _ : state) {
    for (std::uint64_t done = 0; done < static_cast<std::uint64_t>(kEvaluations);) {
      const std::uint64_t room = std::min(batch, static_cast<std::uint64_t>(kEvaluations) - done);
      bopp::Points X = algorithm.ask(room);
      host::round_discrete(problem, X);
      const auto n = static_cast<std::size_t>(X.rows());
      std::vector<std::uint64_t> seeds(n);
      for (std::size_t i = 0; i < n; ++i) seeds[i] = host::evaluation_seed(kSeed, index + i);
      std::vector<host::Evaluation> evaluations(n);
      evaluator->evaluate(X, seeds, evaluations);
      std::vector<double> told_y(n);
      std::vector<std::int32_t> told_status(n);
      for (std::size_t i = 0; i < n; ++i) {
        const host::Evaluation& e = evaluations[i];
        told_y[i] = !e.ok ? std::nan("") : problem.sense == bopp::Sense::minimize ? -e.y : e.y;
        told_status[i] = e.ok ? BOPP_OK : BOPP_EVAL_FAILED;
      }
      algorithm.tell(X, told_y, told_status);
      done += n;
      index += n;
    }
    benchmark::DoNotOptimize(algorithm.recommend());
  }
  set_counters(state);
}

void BM_RunExperiment(benchmark::State& state) {
  const fs::path output =
      fs::temp_directory_path() / ("bopp-host-overhead-bench-" + std::to_string(::getpid()));
  const std::string text = "[run]\nseed = " + std::to_string(kSeed) +
                           "\nbudget = " + std::to_string(kEvaluations) +
                           "\nbatch = " + std::to_string(state.range(0)) +
                           "\n[objective]\nname = \"sphere\"\ndim = " + std::to_string(kDim) +
                           "\n[algorithm]\nname = \"random\"\n[evaluator]\nkind = \"serial\"\n";
  host::Experiment experiment = host::Experiment::parse(text, "<host_overhead_bench>");
  experiment.resolve_plugins(registry());
  host::RunOptions options;
  options.overwrite = false;
  options.sync = false;
  options.progress = false;
  options.log = host::stderr_log_sink(BOPP_LOG_WARNING);

  // Each run writes a folder of its own, as `bopp run` does. Rewriting one folder over and
  // over (overwrite = true) measures the file system instead: on ext4 it added about 6 ms of
  // waiting per run, most likely the writeback ext4 starts when a file with unwritten data
  // is truncated or renamed over (auto_da_alloc); docs/benchmarks.md has the figures.
  std::error_code ignored;
  fs::remove_all(output, ignored);
  std::uint64_t run_number = 0;
  for (auto _ : state) {
    experiment.output = (output / ("run-" + std::to_string(run_number++))).string();
    host::RunResult result;
    std::string status;
    try {
      result = host::run_experiment(experiment, registry(), options);
      status = host::to_string(result.status);
    } catch (const std::exception& e) {
      status = "not started";
      result.message = e.what();
    }
    if (result.status != host::RunStatus::completed ||
        result.evaluations != static_cast<std::uint64_t>(kEvaluations)) {
      state.SkipWithError(("run " + status + ": " + result.message).c_str());
      break;
    }
    benchmark::DoNotOptimize(result.best);
  }
  set_counters(state);
  fs::remove_all(output, ignored);
}

// Wall time: the record's writes are part of what run_experiment costs.
void batch_sizes(benchmark::internal::Benchmark* b) {
  b->ArgName("batch")->Arg(1)->Arg(100)->Unit(benchmark::kMicrosecond)->UseRealTime();
}
BENCHMARK(BM_Direct)->Apply(batch_sizes);
BENCHMARK(BM_ThroughAbi)->Apply(batch_sizes);
BENCHMARK(BM_RunExperiment)->Apply(batch_sizes);

double nanoseconds(double value, benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kNanosecond:
      return value;
    case benchmark::kMicrosecond:
      return value * 1e3;
    case benchmark::kMillisecond:
      return value * 1e6;
    case benchmark::kSecond:
      return value * 1e9;
  }
  return value;
}

// Passes every report on to the display reporter --benchmark_format chose, and keeps each
// benchmark's wall and CPU time per evaluation: the median when there are repetitions, else
// the single run.
class CollectingReporter final : public benchmark::BenchmarkReporter {
 public:
  CollectingReporter() : display_(benchmark::CreateDefaultDisplayReporter()) {}

  bool ReportContext(const Context& context) override { return display_->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    display_->ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      const std::string key = run.run_name.function_name + "/" + run.run_name.args;
      PerEvaluation& kept = per_evaluation_[key];
      if (!median && kept.from_median) continue;
      const auto evaluations = static_cast<double>(kEvaluations);
      kept = {nanoseconds(run.GetAdjustedRealTime(), run.time_unit) / evaluations,
              nanoseconds(run.GetAdjustedCPUTime(), run.time_unit) / evaluations, median};
    }
  }
  void Finalize() override { display_->Finalize(); }

  bool displays_on_console() const {
    return dynamic_cast<benchmark::ConsoleReporter*>(display_.get()) != nullptr;
  }

  // Each path's time per evaluation, its ratio to BM_Direct's and the difference (the
  // host's overhead), for each batch size measured.
  void print_overhead(std::FILE* out) const {
    bool header = false;
    for (const char* batch : {"batch:1", "batch:100"}) {
      const auto direct = per_evaluation_.find(std::string("BM_Direct/") + batch);
      if (direct == per_evaluation_.end()) continue;
      const PerEvaluation& d = direct->second;
      for (const char* path : {"BM_Direct", "BM_ThroughAbi", "BM_RunExperiment"}) {
        const auto found = per_evaluation_.find(std::string(path) + "/" + batch);
        if (found == per_evaluation_.end()) continue;
        const PerEvaluation& p = found->second;
        if (!header) {
          std::fprintf(out, "\nPer evaluation, against BM_Direct (%lld per iteration)\n",
                       static_cast<long long>(kEvaluations));
          std::fprintf(out, "%-17s %-9s | %9s %7s %12s | %9s %7s %12s\n", "", "", "wall ns",
                       "ratio", "overhead ns", "cpu ns", "ratio", "overhead ns");
          header = true;
        }
        std::fprintf(out, "%-17s %-9s | %9.1f %7.2f %12.1f | %9.1f %7.2f %12.1f\n", path, batch,
                     p.wall_ns, p.wall_ns / d.wall_ns, p.wall_ns - d.wall_ns, p.cpu_ns,
                     p.cpu_ns / d.cpu_ns, p.cpu_ns - d.cpu_ns);
      }
    }
  }

 private:
  struct PerEvaluation {
    double wall_ns = 0.0;
    double cpu_ns = 0.0;
    bool from_median = false;
  };

  std::unique_ptr<benchmark::BenchmarkReporter> display_;
  std::map<std::string, PerEvaluation> per_evaluation_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (registry().find_algorithm("random") == nullptr ||
      registry().find_objective("sphere") == nullptr) {
    std::fprintf(stderr, "host_overhead_bench: no random and sphere plugins in %s; build them\n",
                 BOPP_BENCH_PLUGIN_DIR);
    for (const host::BrokenLibrary& broken : registry().broken()) {
      std::fprintf(stderr, "  %s: %s\n", broken.path.c_str(), broken.reason.c_str());
    }
    return 1;
  }
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::cout.flush();
  // Printed beside the console table; kept off stdout when stdout carries JSON or CSV.
  reporter.print_overhead(reporter.displays_on_console() ? stdout : stderr);
  benchmark::Shutdown();
  return 0;
}
