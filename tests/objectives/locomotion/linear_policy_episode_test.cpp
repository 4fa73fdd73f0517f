// How an episode runs and ends: the hopper's early termination, the swimmer's full length,
// and a diverging simulation that ends the episode instead of restarting it.
#include "linear_policy_episode.hpp"
#include "locomotion_task.hpp"
#include "mujoco_model.hpp"
#include "task_models.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace bopp::locomotion {
namespace {

EpisodeSettings noiseless(double healthy_reward = 0.0) {
  EpisodeSettings s;
  s.steps = 1000;
  s.reset_noise = 0.0;
  s.healthy_reward = healthy_reward;
  return s;
}

// Without torques the hopper drops the 4 cm onto its foot and stands on it as an inverted
// pendulum: thigh and knee rest on their joint limits (0°), so the body is nearly rigid, and the
// foot, reaching 0.26 m forward but 0.13 m back, leaves it slightly off balance. It tips
// backwards ever faster until the torso's pitch passes 0.2 rad at step 174 (1.39 s), still
// 1.2 m high. Episodes from Gym's noisy starts end between about 120 and 270 steps.
TEST(LinearPolicyEpisode, HopperWithoutTorqueFallsAndEndsEarly) {
  const SharedModel model = load_mjcf(hopper_mjcf(), "hopper");
  std::mt19937_64 rng(0);
  const EpisodeOutcome outcome =
      run_episode(hopper_task, *model, Eigen::MatrixXd::Zero(3, 11), noiseless(), rng);
  EXPECT_EQ(outcome.steps, 174);
  EXPECT_LT(outcome.steps, 1000);
}

// The healthy reward is paid on every step taken, the last (unhealthy) one included, as in
// Gym's Hopper.
TEST(LinearPolicyEpisode, HealthyRewardIsPaidOnEveryStepTaken) {
  const SharedModel model = load_mjcf(hopper_mjcf(), "hopper");
  std::mt19937_64 rng(0);
  const Eigen::MatrixXd policy = Eigen::MatrixXd::Zero(3, 11);
  const EpisodeOutcome paid = run_episode(hopper_task, *model, policy, noiseless(1.0), rng);
  const EpisodeOutcome unpaid = run_episode(hopper_task, *model, policy, noiseless(0.0), rng);
  ASSERT_EQ(paid.steps, unpaid.steps);
  EXPECT_NEAR(paid.total_return - unpaid.total_return, paid.steps, 1e-9);
}

TEST(LinearPolicyEpisode, SwimmerNeverEndsEarly) {
  const SharedModel model = load_mjcf(swimmer_mjcf(), "swimmer");
  std::mt19937_64 rng(3);
  EpisodeSettings settings = noiseless();
  settings.reset_noise = 0.1;
  const EpisodeOutcome outcome =
      run_episode(swimmer_task, *model, Eigen::MatrixXd::Constant(2, 8, 0.5), settings, rng);
  EXPECT_EQ(outcome.steps, 1000);
}

// A swimmer stepped far too coarsely (RK4 at 100 s per step) blows up. MuJoCo would reset it
// to its reference state and go on, and the swimmer has no termination of its own, so only the
// divergence check ends this episode early, with a finite return.
TEST(LinearPolicyEpisode, DivergingSimulationEndsTheEpisode) {
  std::string mjcf = swimmer_mjcf();
  const std::string fine = "timestep=\"0.01\"";
  ASSERT_NE(mjcf.find(fine), std::string::npos);
  mjcf.replace(mjcf.find(fine), fine.size(), "timestep=\"100\"");
  const SharedModel model = load_mjcf(mjcf, "coarse-swimmer");
  std::mt19937_64 rng(0);
  EpisodeSettings settings = noiseless();
  settings.reset_noise = 0.1;
  const EpisodeOutcome outcome =
      run_episode(swimmer_task, *model, Eigen::MatrixXd::Constant(2, 8, 1.0), settings, rng);
  EXPECT_LT(outcome.steps, 1000);
  EXPECT_TRUE(std::isfinite(outcome.total_return));
}

TEST(LinearPolicyEpisode, RejectedModelIsAnErrorNamingIt) {
  try {
    load_mjcf("<mujoco><worldbody><body></mujoco>", "broken");
    FAIL() << "accepted a broken model";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("model 'broken'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bopp::locomotion
