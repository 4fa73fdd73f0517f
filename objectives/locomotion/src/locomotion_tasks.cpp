// The swimmer and the hopper as Gym's Swimmer-v1/v2 and Hopper-v1/v2 define them.
#include "locomotion_task.hpp"

#include <algorithm>
#include <cmath>

namespace bopp::locomotion {

// Swimmer: everything but the front link's x and y (which the reward sees instead): heading,
// both rotor angles, and all five velocities.
void observe_swimmer(const mjData& data, Eigen::Ref<Eigen::VectorXd> state) {
  for (int i = 0; i < 3; ++i) state[i] = data.qpos[2 + i];
  for (int i = 0; i < 5; ++i) state[3 + i] = data.qvel[i];
}

// Hopper: everything but the torso's x: height, pitch, three hinge angles, then the six
// velocities clipped to ±10.
void observe_hopper(const mjData& data, Eigen::Ref<Eigen::VectorXd> state) {
  for (int i = 0; i < 5; ++i) state[i] = data.qpos[1 + i];
  for (int i = 0; i < 6; ++i) state[5 + i] = std::clamp(data.qvel[i], -10.0, 10.0);
}

// The hopper stands while its state is finite, every coordinate but x and height is within
// ±100, the torso is above 0.7 m and pitched less than 0.2 rad.
bool hopper_healthy(const mjData& data) {
  const double height = data.qpos[1];
  const double pitch = data.qpos[2];
  for (int i = 0; i < 6; ++i) {
    if (!std::isfinite(data.qpos[i]) || !std::isfinite(data.qvel[i])) return false;
    if (i >= 2 && !(std::abs(data.qpos[i]) < 100.0)) return false;
    if (!(std::abs(data.qvel[i]) < 100.0)) return false;
  }
  return height > 0.7 && std::abs(pitch) < 0.2;
}

}  // namespace bopp::locomotion
