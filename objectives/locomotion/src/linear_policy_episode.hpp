// One episode of a locomotion task under a linear policy a = W·s, and its return.
#pragma once

#include "locomotion_task.hpp"

#include <mujoco/mujoco.h>

#include <Eigen/Core>

#include <random>

namespace bopp::locomotion {

struct EpisodeSettings {
  int steps = 1000;             // policy steps, each task.frame_skip physics steps
  double reset_noise = 0.0;     // half-width of the uniform noise on the initial qpos and qvel
  double healthy_reward = 0.0;  // per step, for a task with has_healthy_reward
  Eigen::VectorXd state_mean;   // the policy sees (s − mean) / std; both empty: s itself
  Eigen::VectorXd state_std;
};

struct EpisodeOutcome {
  double total_return = 0.0;
  int steps = 0;  // policy steps taken: fewer than settings.steps when the episode ended early
};

// Runs one episode of `task` on `model` (shared, only read) with its own mjData. `policy` is
// action_dim × state_dim; the initial-state noise is drawn from `rng`. An episode also ends,
// without that step's reward, when MuJoCo reports a diverging simulation (a non-finite
// position, velocity or acceleration, after which it would restart the model).
EpisodeOutcome run_episode(const LocomotionTask& task, const mjModel& model,
                           const Eigen::Ref<const Eigen::MatrixXd>& policy,
                           const EpisodeSettings& settings, std::mt19937_64& rng);

}  // namespace bopp::locomotion
