// MinUCB (Fan et al. 2024, Algorithm 1), maximization convention. Each iteration asks
// `resample` copies of the iterate x_t and GIBO's greedy batch (the points that most lower
// the trace of the posterior covariance of ∇f(x_t), bopp::bo::select_gradient_batch), then
// moves to x_{t+1} = argmax μ − βσ over x_t ± δ (lcb_step.hpp). Batches the host truncates
// are kept in a queue; failed evaluations are dropped. recommend() is the iterate.
#pragma once

#include "lcb_step.hpp"
#include "local_model.hpp"
#include "settings.hpp"

#include <bopp/bo/gradient_batch_settings.hpp>
#include <bopp/bo/planned_points.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace bopp::minucb {

class MinUcb {
 public:
  static constexpr const char* name = "minucb";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "MinUCB (Fan et al. 2024): GIBO's gradient sampling, then a step to argmax mu - beta sigma";
  static std::vector<Param> params();

  MinUcb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const { return x_; }

  // Checkpoints: the generator, the data, the last fit, the iterate and the queue (the
  // diagnostic history of steps is not kept).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

  // Every step taken so far, for tests and diagnostics.
  const std::vector<LcbStep>& steps() const { return steps_; }

 private:
  void take_step();
  void plan_iteration();

  Problem problem_;
  Host host_;
  std::mt19937_64 rng_;
  Settings settings_;
  Eigen::Index resample_;
  Eigen::Index batch_;
  bo::GradientBatchSettings gradient_batch_;
  LocalModel model_;
  Observations data_;
  Eigen::VectorXd x_;
  // The first tell is the host's design, whose best point becomes x_0. Not checkpointed: the
  // host saves state only after a told batch, and the design is the first.
  bool awaiting_design_ = false;
  bo::PlannedPoints queue_;
  bool step_due_ = false;  // an iteration was planned: step before planning the next
  std::vector<LcbStep> steps_;
};

}  // namespace bopp::minucb
