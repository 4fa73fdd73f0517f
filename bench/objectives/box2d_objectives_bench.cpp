// One evaluation of push and of lunar, as the objectives compute it (no plugin boundary): push at
// the aimed pushes of the tests and at the longest pushes the domain allows; lunar for one
// episode of Gym's heuristic, of engines off, and of uniformly random controllers (what a BO run
// starts with), and for the default 20 episodes. Times are CPU time of the process; run on an
// idle core for the figures in the docs.
#include "lunar_objective.hpp"
#include "push_objective.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/kit/detail/class_table.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>

namespace {

Eigen::VectorXd point(std::initializer_list<double> values) {
  Eigen::VectorXd x(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double v : values) x[i++] = v;
  return x;
}

template <class T>
T make(const char* config) {
  return T(bopp::kit::parse_config<T>(config, "objective"), 0, bopp::Host());
}

void push(benchmark::State& state, const Eigen::VectorXd& x) {
  const auto objective = make<bopp::push::PushObjective>("");
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(objective.evaluate(x, seed++));
}

// Both hands aimed at their objects, pushing for 1.2 s (220 steps with the settling).
void BM_PushAimed(benchmark::State& state) {
  push(state, point({-1.8727, 1.2978, 5.618, 2.1067, 12, 1.9296, 1.1763, -3.6174, -3.5289, 4.8522,
                     12, 0.6288, 0, 0}));
}
// The longest pushes, 3 s each at the largest speed (400 steps), through both objects.
void BM_PushLongest(benchmark::State& state) {
  push(state, point({-1.8727, 1.2978, 9.3633, 3.5112, 30, 1.9296, 1.1763, -3.6174, -5.8815, 8.087,
                     30, 0.6288, 5, -5}));
}

void lunar(benchmark::State& state, const char* config, const Eigen::VectorXd* fixed,
           bool fixed_seed = false) {
  const auto objective = make<bopp::lunar::LunarObjective>(config);
  std::mt19937_64 rng(1);
  Eigen::VectorXd x(12);
  std::uint64_t seed = fixed_seed ? 1627 : 0;
  for (auto _ : state) {
    if (fixed != nullptr) {
      x = *fixed;
    } else {
      for (Eigen::Index i = 0; i < 12; ++i) x[i] = bopp::bo::uniform(rng, 0.0, 2.0);
    }
    benchmark::DoNotOptimize(objective.evaluate(x, fixed_seed ? seed : seed++));
  }
}

const Eigen::VectorXd gym_heuristic =
    point({0.5, 1.0, 0.4, 0.55, 0.5, 1.0, 0.5, 0.5, 0.0, 0.5, 0.05, 0.05});
const Eigen::VectorXd engines_off = Eigen::VectorXd::Zero(12);

void BM_LunarEpisodeGymHeuristic(benchmark::State& state) {
  lunar(state, "episodes = 1", &gym_heuristic);
}
void BM_LunarEpisodeEnginesOff(benchmark::State& state) {
  lunar(state, "episodes = 1", &engines_off);
}
// A controller that hovers on seed 1627's terrain until the 1000-step limit: the longest episode.
const Eigen::VectorXd hovering = point({0.0915, 0.6009, 0.1182, 0.5472, 1.2348, 0.2456, 1.6294,
                                        1.4336, 1.1040, 0.8311, 0.0694, 0.0310});
void BM_LunarEpisodeFullLength(benchmark::State& state) {
  lunar(state, "episodes = 1", &hovering, true);
}
void BM_LunarEpisodeRandomController(benchmark::State& state) {
  lunar(state, "episodes = 1", nullptr);
}
void BM_LunarDefaultEpisodesGymHeuristic(benchmark::State& state) {
  lunar(state, "", &gym_heuristic);
}
void BM_LunarDefaultEpisodesRandomController(benchmark::State& state) { lunar(state, "", nullptr); }

BENCHMARK(BM_PushAimed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PushLongest)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarEpisodeGymHeuristic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarEpisodeEnginesOff)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarEpisodeFullLength)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarEpisodeRandomController)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarDefaultEpisodesGymHeuristic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LunarDefaultEpisodesRandomController)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
