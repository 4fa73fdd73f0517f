// One episode of the locomotion tasks on one core: the swimmer's full 1000 steps under a fixed
// policy, and the hopper under the zero policy, which topples after about 120–270 steps (its
// time per policy step, items/s, gives the cost of a full 1000-step episode of a policy that
// keeps it standing). Each iteration draws a new noisy start, as evaluations do.
#include "linear_policy_episode.hpp"
#include "locomotion_task.hpp"
#include "mujoco_model.hpp"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using namespace bopp::locomotion;

Eigen::MatrixXd fixed_policy(int rows, int cols) {
  Eigen::MatrixXd w(rows, cols);
  for (int i = 0; i < rows * cols; ++i) w(i / cols, i % cols) = ((7 * i) % 11) / 10.0 - 0.5;
  return w;
}

void episodes(benchmark::State& state, const LocomotionTask& task, const Eigen::MatrixXd& policy,
              double healthy_reward) {
  const SharedModel model = load_mjcf(task.mjcf(), task.name);
  EpisodeSettings settings;
  settings.reset_noise = task.reset_noise;
  settings.healthy_reward = healthy_reward;
  std::mt19937_64 rng(1);
  std::int64_t steps = 0;
  for (auto _ : state) {
    const EpisodeOutcome outcome = run_episode(task, *model, policy, settings, rng);
    benchmark::DoNotOptimize(outcome.total_return);
    steps += outcome.steps;
  }
  state.SetItemsProcessed(steps);  // policy steps
}

void BM_SwimmerEpisode(benchmark::State& state) {
  episodes(state, swimmer_task, fixed_policy(2, 8), 0.0);
}
void BM_HopperZeroPolicyEpisode(benchmark::State& state) {
  episodes(state, hopper_task, Eigen::MatrixXd::Zero(3, 11), 1.0);
}

BENCHMARK(BM_SwimmerEpisode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HopperZeroPolicyEpisode)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
