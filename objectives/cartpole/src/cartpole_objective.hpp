// The cartpole objective: the mean return of a linear threshold policy over `episodes`
// episodes of CartPole-v1, each from its own random initial state, maximized.
#pragma once

#include "linear_policy_episode.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <vector>

namespace bopp::cartpole {

class CartPoleObjective {
 public:
  static constexpr const char* name = "cartpole";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "CartPole-v1 under a linear policy w in [-1, 1]^4 (push right when w.s > 0): mean return, "
      "maximized";

  static std::vector<Param> params() {
    return {
        Param::integer("episodes", 1,
                       "episodes per evaluation, each from its own initial state; the return is "
                       "their mean (1, as GIBO and MinUCB)")
            .at_least(1),
        Param::real("initial_noise", 0.05,
                    "every coordinate of an initial state is uniform in [-a, a] (Gym: 0.05); 0 "
                    "starts every episode at rest, upright")
            .at_least(0.0),
        Param::integer("max_steps", 500, "steps after which an episode stops (CartPole-v1: 500)")
            .at_least(1),
        Param::real("scale", 1.0,
                    "the mean return is divided by this, > 0; 500 gives the [0, 1] scale the GIBO "
                    "and MinUCB code optimizes"),
    };
  }

  CartPoleObjective(const Config& config, std::uint64_t, const Host&)
      : episodes_(static_cast<int>(config.integer("episodes"))),
        initial_noise_(config.real("initial_noise")),
        max_steps_(static_cast<int>(config.integer("max_steps"))),
        scale_(positive_scale(config)) {}

  Problem problem() const {
    Problem p = Problem::box(4, -1.0, 1.0);
    p.sense = Sense::maximize;
    p.thread_safe = true;  // every episode's state is local; its start comes from the point's seed
    return p;
  }

  // The episodes' initial states are drawn in order from one stream seeded by the point's seed.
  double evaluate(const Eigen::VectorXd& w, std::uint64_t seed) const {
    std::mt19937_64 bits(seed);
    double total = 0.0;
    for (int e = 0; e < episodes_; ++e) {
      CartPoleState initial;
      for (int i = 0; i < 4; ++i) initial[i] = bo::uniform(bits, -initial_noise_, initial_noise_);
      total += linear_policy_episode(w, initial, max_steps_);
    }
    return total / episodes_ / scale_;
  }

 private:
  static double positive_scale(const Config& config) {
    const double scale = config.real("scale");
    if (!(scale > 0.0)) {
      const toml::node* node = config.table().get("scale");
      throw SchemaError("scale", node != nullptr ? node->source().begin.line : 0,
                        "key 'scale' of objective 'cartpole' must be > 0");
    }
    return scale;
  }

  int episodes_;
  double initial_noise_;
  int max_steps_;
  double scale_;
};

}  // namespace bopp::cartpole
