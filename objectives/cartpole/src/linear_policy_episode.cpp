#include "linear_policy_episode.hpp"

namespace bopp::cartpole {

int linear_policy_episode(const Eigen::Vector4d& weights, const CartPoleState& initial,
                          int max_steps) {
  CartPoleState state = initial;
  for (int step = 1; step <= max_steps; ++step) {
    state = cart_pole_step(state, weights.dot(state) > 0.0);
    if (cart_pole_failed(state)) return step;
  }
  return max_steps;
}

}  // namespace bopp::cartpole
