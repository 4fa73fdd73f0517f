// embed_overhead_bench: the C++ side of the Python binding's overhead benchmark. One call of
// bopp::host::Optimizer's ask(1) and tell (one point), with the `random` algorithm on a 10-d
// box, timed directly in C++; bench/python/embed_overhead.py times the same loops through
// bopp.Optimizer and prints the difference per call (docs/benchmarks.md).
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

namespace bopp {
namespace {

constexpr int kDim = 10;

// The registry is made once: loading plugins is not part of a call.
const host::PluginRegistry& registry() {
  static const host::PluginRegistry instance({std::filesystem::path(BOPP_BENCH_PLUGIN_DIR)});
  return instance;
}

// What bopp.Optimizer("random", objective_info=bopp.Box([0] * 10, [1] * 10), seed=1) makes.
std::unique_ptr<host::Optimizer> optimizer() {
  host::OptimizerSettings settings;
  settings.algorithm.name = "random";
  settings.problem = bopp::Problem::box(kDim, 0.0, 1.0);
  settings.seed = 1;
  return std::make_unique<host::Optimizer>(registry(), settings);
}

void BM_Ask(benchmark::State& state) {
  const auto opt = optimizer();
  for (auto _ : state) {
    bopp::Points X = opt->ask(1);
    benchmark::DoNotOptimize(X.data());
  }
}
BENCHMARK(BM_Ask);

// A fixed point, as a caller telling prior data or its own points would.
void BM_Tell(benchmark::State& state) {
  const auto opt = optimizer();
  const bopp::Points X = bopp::Points::Constant(1, kDim, 0.5);
  const double y[1] = {0.25};
  for (auto _ : state) opt->tell(X, y);
}
BENCHMARK(BM_Tell);

// The embedding loop: ask one point, tell its value (its first coordinate, no objective cost).
void BM_AskTell(benchmark::State& state) {
  const auto opt = optimizer();
  for (auto _ : state) {
    const bopp::Points X = opt->ask(1);
    const double y[1] = {X(0, 0)};
    opt->tell(X, y);
  }
}
BENCHMARK(BM_AskTell);

}  // namespace
}  // namespace bopp

BENCHMARK_MAIN();
