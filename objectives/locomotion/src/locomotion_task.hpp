// What distinguishes one locomotion task from another: its model, what the policy observes,
// how a step is rewarded and when an episode ends. The Gym tasks' definitions
// (docs/objectives/swimmer.md, docs/objectives/hopper.md).
#pragma once

#include "task_models.hpp"

#include <mujoco/mujoco.h>

#include <Eigen/Core>

namespace bopp::locomotion {

struct LocomotionTask {
  const char* name;
  const char* summary;
  const char* (*mjcf)();
  int state_dim;
  int action_dim;
  int frame_skip;              // physics steps per policy step
  double reset_noise;          // half-width of the uniform noise on the initial qpos and qvel
  double control_cost_weight;  // per step: − weight · ‖a‖² of the unclipped action
  bool has_healthy_reward;     // the hopper's alive bonus and early termination
  void (*observe)(const mjData& data, Eigen::Ref<Eigen::VectorXd> state);
  bool (*healthy)(const mjData& data);  // nullptr: the episode never ends early
};

// Gym's Swimmer-v1/v2 and Hopper-v1/v2 (locomotion_tasks.cpp).
void observe_swimmer(const mjData& data, Eigen::Ref<Eigen::VectorXd> state);
void observe_hopper(const mjData& data, Eigen::Ref<Eigen::VectorXd> state);
bool hopper_healthy(const mjData& data);

inline constexpr LocomotionTask swimmer_task{
    .name = "swimmer",
    .summary = "linear policy (2x8) for Gym's Swimmer: return of 1000-step episodes",
    .mjcf = swimmer_mjcf,
    .state_dim = 8,
    .action_dim = 2,
    .frame_skip = 4,
    .reset_noise = 0.1,
    .control_cost_weight = 1e-4,
    .has_healthy_reward = false,
    .observe = observe_swimmer,
    .healthy = nullptr,
};

inline constexpr LocomotionTask hopper_task{
    .name = "hopper",
    .summary = "linear policy (3x11) for Gym's Hopper: return of episodes of up to 1000 steps",
    .mjcf = hopper_mjcf,
    .state_dim = 11,
    .action_dim = 3,
    .frame_skip = 4,
    .reset_noise = 0.005,
    .control_cost_weight = 1e-3,
    .has_healthy_reward = true,
    .observe = observe_hopper,
    .healthy = hopper_healthy,
};

}  // namespace bopp::locomotion
