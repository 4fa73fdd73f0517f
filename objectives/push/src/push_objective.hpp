// The push objective: the 14-D two-robot pushing problem of Wang, Gehring, Kohli & Jegelka 2018,
// maximized. The value is how much closer the two objects end to their goals than they started.
#pragma once

#include "push_simulation.hpp"

#include <box2d_support/contact_registers.hpp>

#include <bopp/bo/portable_random.hpp>
#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace bopp::push {

class PushObjective {
 public:
  static constexpr const char* name = "push";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "two robots push a box and a disc toward two goals in Box2D (Wang et al. 2018, 14-D)";

  static std::vector<Param> params() {
    return {
        Param::reals("goals", {4.0, 3.5, -4.0, 3.5},
                     "goal of the box (x, y), then of the disc (x, y); the original's default"),
        Param::real("velocity_noise", 0.01,
                    "standard deviation of the error added to each robot's velocity, once per "
                    "push (the original's 0.01); 0 makes the objective deterministic")
            .at_least(0.0),
    };
  }

  PushObjective(const Config& config, std::uint64_t, const Host&)
      : goals_(goals_from(config)), velocity_noise_(config.real("velocity_noise")) {
    box2d_support::fill_contact_registers();
  }

  // Wang et al.'s domain, in their order: robot 1's x, y, vx, vy, pushing time, angle; the
  // same for robot 2; then the two robots' angular velocities.
  Problem problem() const {
    constexpr double two_pi = 2.0 * std::numbers::pi;
    Problem p;
    p.lower.resize(14);
    p.upper.resize(14);
    for (Eigen::Index r = 0; r < 2; ++r) {
      p.lower.segment(6 * r, 6) << -5.0, -5.0, -10.0, -10.0, 2.0, 0.0;
      p.upper.segment(6 * r, 6) << 5.0, 5.0, 10.0, 10.0, 30.0, two_pi;
    }
    p.lower.tail(2).setConstant(-5.0);
    p.upper.tail(2).setConstant(5.0);
    p.sense = Sense::maximize;
    p.thread_safe = true;  // each evaluation builds its own world (see contact_registers.hpp)
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    std::array<RobotControls, 2> robots;
    for (Eigen::Index r = 0; r < 2; ++r) {
      RobotControls& robot = robots[static_cast<std::size_t>(r)];
      robot.start = {x[6 * r], x[6 * r + 1]};
      robot.velocity = {x[6 * r + 2], x[6 * r + 3]};
      robot.seconds = x[6 * r + 4];
      robot.angle = x[6 * r + 5];
      robot.angular_velocity = x[12 + r];
    }
    std::array<Point2, 2> error{};
    if (velocity_noise_ > 0.0) {
      std::mt19937_64 rng(seed);
      for (Point2& e : error) {
        e.x = velocity_noise_ * bo::standard_normal(rng);
        e.y = velocity_noise_ * bo::standard_normal(rng);
      }
    }
    const PushOutcome end = simulate_push(robots, error);
    return distance(goals_[0], box_start) + distance(goals_[1], disc_start) -
           distance(goals_[0], end.box) - distance(goals_[1], end.disc);
  }

 private:
  static double distance(Point2 a, Point2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

  static std::array<Point2, 2> goals_from(const Config& config) {
    const Eigen::VectorXd g = config.reals("goals");
    if (g.size() != 4 || !g.allFinite()) {
      const toml::node* node = config.table().get("goals");
      throw SchemaError("goals", node != nullptr ? node->source().begin.line : 0,
                        "key 'goals' of objective 'push' must be 4 finite numbers: the box's "
                        "goal x, y, then the disc's goal x, y");
    }
    return {Point2{g[0], g[1]}, Point2{g[2], g[3]}};
  }

  std::array<Point2, 2> goals_;
  double velocity_noise_;
};

}  // namespace bopp::push
