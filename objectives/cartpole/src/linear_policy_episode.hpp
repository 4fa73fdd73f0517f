// One cart-pole episode under a linear threshold policy.
#pragma once

#include "cart_pole.hpp"

namespace bopp::cartpole {

// The return of an episode from `initial`: 1 per step until the pole or cart fails (that
// step included) or `max_steps` steps pass. The policy pushes right when w·s > 0 and left
// otherwise, so w = 0 always pushes left.
int linear_policy_episode(const Eigen::Vector4d& weights, const CartPoleState& initial,
                          int max_steps);

}  // namespace bopp::cartpole
