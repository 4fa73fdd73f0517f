// LA-MinUCB (Fan et al. 2024, Algorithm 2), maximization convention. After one evaluation
// of the start point, each iteration asks a batch Z of b points that maximizes the expected
// maximum of the LCB after observing Z (the one-shot look-ahead, lookahead.hpp), then, once Z
// is told, moves to x_{t+1} = argmax μ − βσ over x_t ± δ (lcb_step.hpp) and asks x_{t+1}:
// b + 1 evaluations per iteration. By default b is the size of GIBO's greedy batch at x_t
// (up to d points, ε_diff early stop), MinUCB's b⁽²⁾, and that batch is also a start of the
// look-ahead. The look-ahead searches x_t ± h, h = min(δ, 0.3 lengthscales). Batches the
// host truncates are kept in a queue; failed evaluations are dropped. recommend() is the
// iterate.
#pragma once

#include "lcb_step.hpp"
#include "local_model.hpp"
#include "lookahead.hpp"
#include "settings.hpp"

#include <bopp/bo/planned_points.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace bopp::minucb {

class LaMinUcb {
 public:
  static constexpr const char* name = "la-minucb";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "LA-MinUCB (Fan et al. 2024): one-shot look-ahead batch, then a step to argmax mu - beta "
      "sigma";
  static std::vector<Param> params();

  LaMinUcb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const { return x_; }

  // Checkpoints: the generator, the data, the last fit, the iterate and the queue (the
  // diagnostic history of steps is not kept).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

  const std::vector<LcbStep>& steps() const { return steps_; }
  const std::vector<LookAheadBatch>& batches() const { return batches_; }

 private:
  // GIBO's batch at x_t (its size is b when batch = 0), then the look-ahead started from it,
  // both in x_t ± lookahead_half_width.
  LookAheadBatch plan_lookahead(const bo::GaussianProcess& gp);

  // min(δ, lookahead_box · the median of the GP's lengthscales in user units): the
  // one-shot value rewards far, uncertain batches, and where δ is wide against the lengthscale
  // the batch goes to the δ-box's corners and the step can follow into another basin.
  double lookahead_half_width(const bo::GaussianProcess& gp) const;

  Problem problem_;
  Host host_;
  std::mt19937_64 rng_;
  Settings settings_;
  LookAheadOptions lookahead_;  // batch 0: GIBO's batch size, per iteration
  double eps_diff_ = 0.1;
  bool gradient_start_ = true;
  double lookahead_box_ = 0.3;  // the look-ahead's half-width in lengthscales, at most δ
  LocalModel model_;
  Observations data_;
  Eigen::VectorXd x_;
  // The first tell is the host's design, whose best point becomes x_0. Not checkpointed: the
  // host saves state only after a told batch, and the design is the first.
  bool awaiting_design_ = false;
  bo::PlannedPoints queue_;
  bool step_due_ = false;  // the look-ahead batch was planned: step before planning the next
  std::vector<LcbStep> steps_;
  std::vector<LookAheadBatch> batches_;
};

}  // namespace bopp::minucb
