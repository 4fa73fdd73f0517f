// The cart-pole system of Barto, Sutton and Anderson 1983 with the constants, integrator and
// failure limits of Gym's CartPole-v1.
#pragma once

#include <Eigen/Core>

namespace bopp::cartpole {

// (cart position x, cart velocity, pole angle θ from upright in radians, angular velocity).
using CartPoleState = Eigen::Vector4d;

// One step of 0.02 s: a force of 10 N to the right (push_right) or to the left, the pole's
// and the cart's accelerations of Barto et al.'s equations without friction, then an explicit
// Euler update of position and velocity from the old velocities and the new accelerations.
CartPoleState cart_pole_step(const CartPoleState& state, bool push_right);

// |x| > 2.4 or |θ| > 12 degrees: the episode ends (the step that got there still counts).
bool cart_pole_failed(const CartPoleState& state);

}  // namespace bopp::cartpole
