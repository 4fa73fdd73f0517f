// The rover's reward for a trajectory (Wang, Gehring, Kohli and Jegelka 2018): minus the cost
// of driving the curve through the world, minus the misses of its ends, plus a constant.
#pragma once

#include "cubic_curve.hpp"
#include "rover_world.hpp"

namespace bopp::rover {

// The integral of the world's cost along the curve, by the trapezoidal rule over the polygon
// through `samples` equally spaced parameters (1000 in the original).
double path_cost(const CubicCurve& curve, const RoverWorld& world, int samples = 1000);

// 10 times the L1 distance of the curve's start from the world's start, and the same for its
// end and the goal.
double end_miss_cost(const CubicCurve& curve, const RoverWorld& world);

// 5 - path_cost - end_miss_cost: the original's offset, which keeps most rewards positive.
double trajectory_reward(const CubicCurve& curve, const RoverWorld& world);

}  // namespace bopp::rover
