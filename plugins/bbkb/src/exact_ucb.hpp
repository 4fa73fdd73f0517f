// GP-UCB and GP-AUCB (the adaptive GP-BUCB of Desautels et al. 2014, as Algorithm 2 of
// Calandriello et al. 2020) on the candidate set, with the exact GP.
//
// GP-AUCB grows a batch with the mean frozen at its start and the variances of the chosen
// points hallucinated (the GP conditioned on them at their mean, exact for the variance);
// the batch ends once Π (1 + σ²_{s−1}(x_s)) > C, the crossing point included. GP-UCB is the
// same with one point per batch. Both keep the posterior over the candidates up to date one
// point at a time (ArmGp), O(u A + u²) per point for u distinct arms. Their width is the library's
// width family (Settings), with Λ summed as BBKB sums it: log(1 + c σ²_fb(x_s)) per point told,
// σ²_fb its exact λ-scaled variance at the start of its batch.
#pragma once

#include "arm_gp.hpp"
#include "settings.hpp"

#include <bopp/plugin.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace bopp::bbkb {

class ExactUcb {
 public:
  // 2: the GP kept over the distinct arms (its rows' arms and values, not L⁻¹K(X, A)).
  static constexpr int state_format = 2;

  // Batching::fixed is GP-UCB: one point per batch.
  ExactUcb(Batching batching, const char* algorithm, const Problem& problem, const Config& config,
           std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  const std::vector<std::size_t>& batch_sizes() const { return batch_sizes_; }
  double width() const { return width_; }
  // μ_fb + α σ of every candidate, σ with the open batch's points hallucinated.
  Eigen::VectorXd ucb_values() const;

  // Checkpoints: the candidate GP and the open batch.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Eigen::Index choose();
  void end_batch();
  void start_batch();

  Batching batching_;
  Problem problem_;
  Settings settings_;
  ArmGp gp_;                        // the told points, then the open batch's points still untold
  Eigen::VectorXd mean_;            // at the batch start
  Eigen::VectorXd start_variance_;  // λ-scaled, at the batch start
  double log_sum_ = 0.0;            // Λ, over the points told
  double width_ = 0.0;
  double product_ = 1.0;
  std::vector<Eigen::Index> chosen_;
  std::size_t handed_ = 0;
  std::size_t told_ = 0;
  bool closed_ = false;
  std::vector<std::size_t> batch_sizes_;
};

}  // namespace bopp::bbkb
