// The returns the library computes: goldens of fixed policies, recorded once with the reason
// each is right, and the seed, episode and normalization rules around them.
#include "linear_policy_episode.hpp"
#include "locomotion_module.hpp"
#include "locomotion_task.hpp"
#include "mujoco_model.hpp"
#include "task_models.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace locomotion_test {
namespace {

// A fixed nonzero policy: weights (7i mod 11 − 5)/10, spread over [−0.5, 0.5].
std::vector<double> fixed_policy(std::size_t dim) {
  std::vector<double> x(dim);
  for (std::size_t i = 0; i < dim; ++i) x[i] = static_cast<double>((7 * i) % 11) / 10.0 - 0.5;
  return x;
}

// MuJoCo's arithmetic is one Debian binary's, but a return sums a thousand chaotic steps:
// goldens hold to a relative 1e-6, not to the bit.
void expect_golden(double value, double golden) {
  EXPECT_NEAR(value, golden, 1e-6 * std::max(1.0, std::abs(golden))) << value;
}

// At rest with no torque nothing moves the swimmer: gravity acts along z, which none of its
// joints can move, and the fluid only resists motion. Forward reward and control cost are both
// exactly 0.
TEST(LocomotionReturns, SwimmerAtRestWithoutTorqueEarnsNothing) {
  const Objective swimmer("swimmer", "reset_noise = 0.0");
  EXPECT_EQ(swimmer.evaluate_one(std::vector<double>(16, 0.0)), 0.0);
}

// With Gym's initial noise but no torque, the return is the drift the initial velocities
// cause, Δx / 0.04 s. The fluid's quadratic drag (½·4000·0.04 m² per link along x) slows a
// start of |v₀| ≤ 0.1 m/s as v₀/(1 + k·v₀·t) with k ≈ 2.2 /m for the 107 kg body, so
// |Δx| ≤ ln(1 + 0.22·40)/2.2 ≈ 1.0 m over the 40 s episode: a return of at most ~26.
TEST(LocomotionReturns, SwimmerDriftsLittleFromANoisyStartWithoutTorque) {
  const Objective swimmer("swimmer");
  const double value = swimmer.evaluate_one(std::vector<double>(16, 0.0), 5);
  expect_golden(value, -24.239795316031366);
  EXPECT_LT(std::abs(value), 30.0);
}

TEST(LocomotionReturns, SwimmerFixedPolicyGolden) {
  const Objective swimmer("swimmer");
  expect_golden(swimmer.evaluate_one(fixed_policy(16), 5), 16.484652761006839);
}

// Without torque the hopper topples and the episode ends at step 174
// (linear_policy_episode_test.cpp): the return is one healthy reward per step taken plus the
// torso's displacement over the step time 0.008 s; it tips backwards by about 5 cm, −6.6.
TEST(LocomotionReturns, HopperWithoutTorqueEarnsOneHealthyRewardPerStepUntilItFalls) {
  const Objective hopper("hopper", "reset_noise = 0.0");
  const double value = hopper.evaluate_one(std::vector<double>(33, 0.0));
  expect_golden(value, 167.35215656921346);
  EXPECT_NEAR(value, 174.0 - 0.05 / 0.008, 1.0);
}

TEST(LocomotionReturns, HopperFixedPolicyGolden) {
  const Objective hopper("hopper");
  // This policy pushes the hopper over within a dozen steps: a short episode, a small return.
  expect_golden(hopper.evaluate_one(fixed_policy(33), 5), 6.2552906728889477);
}

// The point is W row by row (x[8i + j] = W(i, j)), and the point's seed seeds the episode's
// draws: the module's value is the episode's return under that matrix.
TEST(LocomotionReturns, PointIsThePolicyMatrixRowByRow) {
  const std::vector<double> x = fixed_policy(16);
  Eigen::MatrixXd policy(2, 8);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 8; ++j) policy(i, j) = x[static_cast<std::size_t>(8 * i + j)];
  const bopp::locomotion::SharedModel model =
      bopp::locomotion::load_mjcf(bopp::locomotion::swimmer_mjcf(), "swimmer");
  auto episode_return = [&](const Eigen::MatrixXd& w) {
    bopp::locomotion::EpisodeSettings settings;
    settings.reset_noise = 0.1;
    std::mt19937_64 rng(21);
    return run_episode(bopp::locomotion::swimmer_task, *model, w, settings, rng).total_return;
  };
  const double value = Objective("swimmer").evaluate_one(x, 21);
  EXPECT_EQ(value, episode_return(policy));
  // Reading x column by column would be another policy, with another return.
  EXPECT_NE(value, episode_return(Eigen::Map<const Eigen::MatrixXd>(x.data(), 2, 8)));
}

TEST(LocomotionReturns, TheSeedFixesTheInitialNoise) {
  for (const std::string name : {"swimmer", "hopper"}) {
    SCOPED_TRACE(name);
    const Objective objective(name);
    const std::vector<double> x = fixed_policy(objective.dim());
    const double first = objective.evaluate_one(x, 11);
    EXPECT_EQ(objective.evaluate_one(x, 11), first);
    EXPECT_NE(objective.evaluate_one(x, 12), first);
  }
}

// Without initial noise every episode is the same, so their mean is one episode's return.
TEST(LocomotionReturns, ValueIsTheMeanOverEpisodes) {
  const std::vector<double> x = fixed_policy(33);
  const double one = Objective("hopper", "reset_noise = 0.0").evaluate_one(x);
  EXPECT_DOUBLE_EQ(Objective("hopper", "reset_noise = 0.0\nepisodes = 3").evaluate_one(x), one);
  // With noise, three episodes are three different starts.
  const double noisy_one = Objective("hopper").evaluate_one(x, 4);
  EXPECT_NE(Objective("hopper", "episodes = 3").evaluate_one(x, 4), noisy_one);
}

TEST(LocomotionReturns, StepsShortenTheEpisode) {
  const Objective full("swimmer");
  const Objective short_episode("swimmer", "steps = 10");
  const std::vector<double> x = fixed_policy(16);
  EXPECT_NE(short_episode.evaluate_one(x, 2), full.evaluate_one(x, 2));
}

// The policy sees (s − mean) / std: mean 0 and std 1 change nothing, and std 2 halves what a
// policy sees, exactly as halving its weights does (both scalings by 2 are exact).
TEST(LocomotionReturns, StateNormalizationScalesWhatThePolicySees) {
  const std::string zeros = "[0, 0, 0, 0, 0, 0, 0, 0]";
  const std::string ones = "[1, 1, 1, 1, 1, 1, 1, 1]";
  const std::string twos = "[2, 2, 2, 2, 2, 2, 2, 2]";
  const std::vector<double> x = fixed_policy(16);
  std::vector<double> halved = x;
  for (double& w : halved) w /= 2.0;
  const double plain = Objective("swimmer").evaluate_one(x, 9);
  EXPECT_EQ(
      Objective("swimmer", "state_mean = " + zeros + "\nstate_std = " + ones).evaluate_one(x, 9),
      plain);
  const double normalized =
      Objective("swimmer", "state_mean = " + zeros + "\nstate_std = " + twos).evaluate_one(x, 9);
  EXPECT_NE(normalized, plain);
  EXPECT_EQ(normalized, Objective("swimmer").evaluate_one(halved, 9));
  // A nonzero mean shifts what the policy sees.
  EXPECT_NE(
      Objective("swimmer", "state_mean = " + ones + "\nstate_std = " + ones).evaluate_one(x, 9),
      plain);
}

}  // namespace
}  // namespace locomotion_test
