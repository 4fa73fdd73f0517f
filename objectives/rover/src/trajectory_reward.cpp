#include "trajectory_reward.hpp"

namespace bopp::rover {

namespace {
constexpr double miss_weight = 10.0;
constexpr double reward_offset = 5.0;
}  // namespace

double path_cost(const CubicCurve& curve, const RoverWorld& world, int samples) {
  const double step = 1.0 / static_cast<double>(samples - 1);
  Eigen::Vector2d previous = curve.at(0.0);
  double previous_cost = world.cost_at(previous);
  double total = 0.0;
  for (int i = 1; i < samples; ++i) {
    const Eigen::Vector2d point = curve.at(i == samples - 1 ? 1.0 : i * step);
    const double cost = world.cost_at(point);
    total += 0.5 * (previous_cost + cost) * (point - previous).norm();
    previous = point;
    previous_cost = cost;
  }
  return total;
}

double end_miss_cost(const CubicCurve& curve, const RoverWorld& world) {
  return miss_weight *
         ((curve.at(0.0) - world.start).lpNorm<1>() + (curve.at(1.0) - world.goal).lpNorm<1>());
}

double trajectory_reward(const CubicCurve& curve, const RoverWorld& world) {
  return reward_offset - path_cost(curve, world) - end_miss_cost(curve, world);
}

}  // namespace bopp::rover
