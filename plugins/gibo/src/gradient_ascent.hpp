// What the three GIBO variants share: the iterate, the gradient model, and the round of points
// planned, asked and told. A variant plans points; once every planned point is told, it gets
// the successful ones (finish_round) and plans the next round. Algorithms maximize (the ABI's
// convention), so every step ascends.
#pragma once

#include "gradient_model.hpp"
#include "settings.hpp"

#include <bopp/bo/planned_points.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace bopp::gibo {

class GradientAscent {
 public:
  virtual ~GradientAscent() = default;

  virtual Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  const Eigen::VectorXd& iterate() const { return x_; }

  std::size_t iteration() const { return iteration_; }
  // The last ∇μ, and the iterate it was computed at (before the step); empty before the first.
  const Eigen::VectorXd& last_gradient() const { return gradient_; }
  const Eigen::VectorXd& last_gradient_point() const { return gradient_point_; }
  const Eigen::VectorXd& lengthscales() const { return model_.lengthscales(); }  // user units

  // Checkpoints: what every variant shares, then the variant's own (save_variant).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 protected:
  GradientAscent(const Problem& problem, const Settings& settings, std::uint64_t seed,
                 const Host& host);

  // Every planned point is told: `told` holds the successful ones, in the order told.
  virtual void finish_round(std::vector<Observation> told) = 0;
  // The host's initial design was told (`design`, its successful points; the iterate moved to the
  // best of them): the variant takes them as data and plans its first round. A variant made with
  // design_from_host plans nothing in its constructor.
  virtual void start_from_design(std::vector<Observation> design) = 0;

  // ∇μ(x_t) given `data`, kept for the diagnostics.
  const Eigen::VectorXd& estimate_gradient(const std::vector<Observation>& data);
  Eigen::VectorXd project(const Eigen::VectorXd& x) const;

  virtual void save_variant(StateArchive& archive) const = 0;
  virtual void restore_variant(const StateArchive& archive) = 0;

  Problem problem_;
  Settings settings_;
  Host host_;
  std::mt19937_64 rng_;
  GradientModel model_;
  Eigen::VectorXd x_;  // the iterate
  std::size_t iteration_ = 0;
  bo::PlannedPoints planned_;

 private:
  Eigen::VectorXd gradient_, gradient_point_;
  std::size_t awaiting_ = 0;  // asked, not told yet
  // The first tell is the host's design. Not checkpointed: the host saves state only after a
  // told batch, and the design is the first.
  bool awaiting_design_ = false;
  std::vector<Observation> told_;  // successes of the current round
};

}  // namespace bopp::gibo
