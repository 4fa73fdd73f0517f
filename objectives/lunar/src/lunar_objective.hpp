// The lunar objective: the mean return of Gym's LunarLander-v2 under the 12-parameter heuristic
// controller (Eriksson et al. 2019; Dai et al. 2022 §5.3), maximized.
#pragma once

#include "lunar_episode.hpp"

#include <box2d_support/contact_registers.hpp>

#include <bopp/config_schema.hpp>
#include <bopp/kit/seed_mixing.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <vector>

namespace bopp::lunar {

class LunarObjective {
 public:
  static constexpr const char* name = "lunar";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "mean return of a Box2D LunarLander-v2 under Gym's heuristic with 12 free constants";

  static std::vector<Param> params() {
    return {
        Param::integer("episodes", 20,
                       "episodes averaged per evaluation, each on its own terrain and initial "
                       "push drawn from the evaluation's seed (20, as Dai et al. 2022)")
            .at_least(1),
        Param::integer("max_steps", 1000,
                       "controller steps after which an episode stops (Gym's limit for "
                       "LunarLander-v2)")
            .range(1, 100000),
    };
  }

  LunarObjective(const Config& config, std::uint64_t, const Host&)
      : episodes_(config.integer("episodes")),
        max_steps_(static_cast<int>(config.integer("max_steps"))) {
    box2d_support::fill_contact_registers();
  }

  Problem problem() const {
    Problem p = Problem::box(12, 0.0, 2.0);
    p.sense = Sense::maximize;
    p.thread_safe = true;  // each episode builds its own world (see contact_registers.hpp)
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    ControllerWeights w;
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = x[static_cast<Eigen::Index>(i)];
    double sum = 0.0;
    for (std::int64_t e = 0; e < episodes_; ++e)
      sum += episode_return(w, episode_seed(seed, e), max_steps_);
    return sum / static_cast<double>(episodes_);
  }

  // Episode e of an evaluation with seed s plays the terrain, push and engine scatter of
  // mix64(s + e), so the episodes of one evaluation differ and each is reproducible alone.
  static std::uint64_t episode_seed(std::uint64_t seed, std::int64_t episode) {
    return mix64(seed + static_cast<std::uint64_t>(episode));
  }

 private:
  std::int64_t episodes_;
  int max_steps_;
};

}  // namespace bopp::lunar
