// One bopp objective per locomotion task: the return of a linear policy, maximized. The point
// x is the policy matrix W (action_dim × state_dim) row by row: x[i·state_dim + j] = W(i, j).
#pragma once

#include "linear_policy_episode.hpp"
#include "locomotion_task.hpp"
#include "mujoco_model.hpp"

#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace bopp::locomotion {

template <const LocomotionTask& T>
class LocomotionObjective {
 public:
  static constexpr const char* name = T.name;
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = T.summary;

  static std::vector<Param> params() {
    std::vector<Param> params{
        Param::integer("episodes", 1,
                       "episodes per evaluation, the value their mean return; each starts from "
                       "its own noisy state drawn from the point's seed")
            .at_least(1),
        Param::integer("steps", 1000, "policy steps of an episode (Gym's time limit: 1000)")
            .at_least(1),
        Param::real("reset_noise", T.reset_noise,
                    "half-width of the uniform noise on the initial positions and velocities "
                    "(Gym's); 0 makes every evaluation deterministic")
            .at_least(0.0),
        Param::reals("state_mean", {},
                     "fixed mean of the state: the policy sees (s - state_mean) / state_std; "
                     "empty (default, as GIBO's swimmer and MinUCB): no normalization"),
        Param::reals("state_std", {}, "fixed standard deviation of the state, each > 0"),
        Param::real("lower", -1.0, "lower bound of every policy weight"),
        Param::real("upper", 1.0, "upper bound of every policy weight"),
    };
    if (T.has_healthy_reward) {
      params.push_back(Param::real("healthy_reward", 1.0,
                                   "reward of every step while standing (Gym's alive bonus; 0 "
                                   "removes it, as GIBO's optimizer does)"));
    }
    return params;
  }

  LocomotionObjective(const Config& config, std::uint64_t, const Host&)
      : model_(load_mjcf(T.mjcf(), T.name)),
        settings_(settings_from(config)),
        episodes_(static_cast<int>(config.integer("episodes"))),
        lower_(config.real("lower")),
        upper_(config.real("upper")) {
    if (!(lower_ < upper_)) fail(config, "upper", "must be greater than lower");
  }

  Problem problem() const {
    Problem p = Problem::box(Eigen::Index{T.action_dim} * T.state_dim, lower_, upper_);
    p.sense = Sense::maximize;
    p.thread_safe = true;  // the model is only read; each episode has its own mjData
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    // x holds W row by row; Eigen's matrices are column-major, so map W's transpose.
    const Eigen::Map<const Eigen::MatrixXd> policy_transposed(x.data(), T.state_dim, T.action_dim);
    const Eigen::MatrixXd policy = policy_transposed.transpose();
    std::mt19937_64 rng(seed);
    double total = 0.0;
    for (int e = 0; e < episodes_; ++e)
      total += run_episode(T, *model_, policy, settings_, rng).total_return;
    return total / episodes_;
  }

 private:
  static EpisodeSettings settings_from(const Config& config) {
    EpisodeSettings s;
    s.steps = static_cast<int>(config.integer("steps"));
    s.reset_noise = config.real("reset_noise");
    s.healthy_reward = T.has_healthy_reward ? config.real("healthy_reward") : 0.0;
    s.state_mean = config.reals("state_mean");
    s.state_std = config.reals("state_std");
    const std::string dims = std::to_string(T.state_dim);
    if (s.state_mean.size() != 0 && s.state_mean.size() != T.state_dim)
      fail(config, "state_mean", "must be empty or have " + dims + " values");
    if (s.state_std.size() != s.state_mean.size())
      fail(config, "state_std", "must have as many values as state_mean");
    if ((s.state_std.array() <= 0.0).any()) fail(config, "state_std", "values must be > 0");
    return s;
  }

  [[noreturn]] static void fail(const Config& config, const std::string& key,
                                const std::string& what) {
    const toml::node* node = config.table().get(key);
    throw SchemaError(key, node != nullptr ? node->source().begin.line : 0,
                      "key '" + key + "' of objective '" + T.name + "' " + what);
  }

  SharedModel model_;
  EpisodeSettings settings_;
  int episodes_;
  double lower_;
  double upper_;
};

}  // namespace bopp::locomotion
