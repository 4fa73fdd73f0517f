// The rover objective: waypoints in [0, 1]^d, stretched over the world's range [-0.1, 1.1]^2,
// fitted by a cubic curve whose reward is maximized (Wang, Gehring, Kohli and Jegelka 2018).
#pragma once

#include "cubic_curve.hpp"
#include "rover_world.hpp"
#include "trajectory_reward.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace bopp::rover {

class RoverObjective {
 public:
  static constexpr const char* name = "rover";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "rover trajectory planning (Wang et al. 2018): waypoints of a curve through a forest, "
      "maximized";

  static std::vector<Param> params() {
    return {
        Param::integer("dim", 20,
                       "2 x the number of waypoints, even and >= 8: 20 (10 waypoints) as Dai et "
                       "al. 2022, 60 as Wang et al. 2018")
            .at_least(8),
        Param::choice("world", "auto", "auto|small|large",
                      "small: 30 trees of half-width 0.05; large: 115 trees of half-width 0.025; "
                      "auto: small for dim <= 20, large above"),
        Param::real("jitter", 1e-4,
                    "standard deviation of the Gaussian nudge added to every waypoint coordinate "
                    "(world units), drawn from the evaluation's seed, as the original; 0: none")
            .at_least(0.0),
        Param::choice("ends", "free", "free|pinned",
                      "free: the curve's ends pay for missing the start and the goal (Wang et al. "
                      "2018's definition, their 60-D setup); pinned: the start and the goal are "
                      "added as the first and last waypoints (their code's 20-D setup)"),
    };
  }

  RoverObjective(const Config& config, std::uint64_t, const Host&)
      : dim_(dimension(config)),
        world_(rover_world(layout(config, dim_))),
        jitter_(config.real("jitter")),
        pinned_(config.string("ends") == "pinned") {}

  Problem problem() const {
    Problem p = Problem::box(dim_, 0.0, 1.0);
    p.sense = Sense::maximize;
    p.thread_safe = true;  // evaluate reads constants only; its nudge comes from the point's seed
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    return trajectory_reward(CubicCurve::fit(waypoints(x, seed)), world_);
  }

 private:
  // The original maps [0, 1] onto [-0.1, 1.1] in both coordinates, so a curve may leave the
  // square (and pay for it); x holds (x1, y1, x2, y2, ...).
  // Pinned ends put the start and the goal before and after them, unnudged.
  PlanePoints waypoints(const Eigen::VectorXd& x, std::uint64_t seed) const {
    const Eigen::Index first = pinned_ ? 1 : 0;
    PlanePoints points(dim_ / 2 + 2 * first, 2);
    std::mt19937_64 bits(seed);
    for (Eigen::Index i = 0; i < dim_; ++i) {
      const double nudge = jitter_ > 0.0 ? jitter_ * bo::standard_normal(bits) : 0.0;
      points(first + i / 2, i % 2) = world_low + (world_high - world_low) * x[i] + nudge;
    }
    if (pinned_) {
      points.row(0) = world_.start.transpose();
      points.row(points.rows() - 1) = world_.goal.transpose();
    }
    return points;
  }

  static Eigen::Index dimension(const Config& config) {
    const std::int64_t dim = config.integer("dim");
    if (dim % 2 != 0) fail(config, "dim", "must be even (an x and a y per waypoint)");
    return static_cast<Eigen::Index>(dim);
  }

  static std::string layout(const Config& config, Eigen::Index dim) {
    const std::string world = config.string("world");
    if (world != "auto") return world;
    return dim <= 20 ? "small" : "large";
  }

  [[noreturn]] static void fail(const Config& config, const std::string& key,
                                const std::string& what) {
    const toml::node* node = config.table().get(key);
    throw SchemaError(key, node != nullptr ? node->source().begin.line : 0,
                      "key '" + key + "' of objective 'rover' " + what);
  }

  static constexpr double world_low = -0.1;
  static constexpr double world_high = 1.1;

  Eigen::Index dim_;
  RoverWorld world_;
  double jitter_;
  bool pinned_;
};

}  // namespace bopp::rover
