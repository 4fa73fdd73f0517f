// One evaluation of rover (20-D small world, 60-D large world) and of cartpole (one episode of
// a failing policy, one of a balancing policy that runs all 500 steps, and ten episodes), at
// fixed points with the default settings. Run on one core: taskset -c 0 objectives_bench.
#include "cartpole_objective.hpp"
#include "rover_objective.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>

namespace {

template <typename Objective>
Objective make(const std::string& settings) {
  return Objective(bopp::kit::parse_config<Objective>(settings.c_str(), "objective"), 1,
                   bopp::Host());
}

void rover(benchmark::State& state) {
  const auto dim = state.range(0);
  const auto f = make<bopp::rover::RoverObjective>("dim = " + std::to_string(dim));
  std::mt19937_64 bits(7);
  Eigen::VectorXd x(dim);
  for (Eigen::Index i = 0; i < dim; ++i) x[i] = bopp::bo::uniform(bits, 0.0, 1.0);
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(f.evaluate(x, ++seed));
}
BENCHMARK(rover)->Arg(20)->Arg(60)->Unit(benchmark::kMicrosecond);

void cartpole(benchmark::State& state, const Eigen::Vector4d& w, const std::string& settings) {
  const auto f = make<bopp::cartpole::CartPoleObjective>(settings);
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(f.evaluate(w, ++seed));
}
BENCHMARK_CAPTURE(cartpole, zero_policy, Eigen::Vector4d::Zero(), "")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(cartpole, balancing_500_steps, Eigen::Vector4d(0.1, 0.3, 1.0, 0.6), "")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(cartpole, balancing_10_episodes, Eigen::Vector4d(0.1, 0.3, 1.0, 0.6),
                  "episodes = 10")
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
