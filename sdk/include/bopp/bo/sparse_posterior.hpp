// bopp/bo/sparse_posterior.hpp: the λ-scaled Nyström (DTC) posterior of a GP on a finite set
// of points, with rank-one variance updates for points chosen but not yet observed.
#pragma once

#include <bopp/bo/nystrom_embedding.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>

namespace bopp::bo {

// Calandriello et al. 2020, eqs. 1–3, on a finite set of arms x_1 … x_A embedded by z:
//   V = Σ_i n_i z_i z_iᵀ + λ I,   μ̃(x_i) = z_iᵀ V⁻¹ Σ_j s_j z_j,
//   σ̃²(x_i) = r(x_i)/λ + z_iᵀ V⁻¹ z_i,
// where n_i is how often arm i was observed and s_i the sum of its observations. The
// variances are those of the paper: Bayesian variances divided by λ (with λ the noise
// variance, λσ̃² is the GP's posterior variance). With a dictionary holding every observed
// arm this is the exact GP posterior (eqs. 4–6).
//
// Pending points (chosen, not yet observed) shrink the variances only: add_pending(i) adds
// z_i z_iᵀ to V by a rank-one Cholesky update, and pending_variance reads the result, while
// mean() and variance() stay those of the observed data (the batch's frozen start).
class SparsePosterior {
 public:
  SparsePosterior(NystromEmbedding embedding, const Eigen::VectorXd& counts,
                  const Eigen::VectorXd& sums, double lambda);

  Eigen::Index size() const { return embedding_.features.rows(); }
  double lambda() const { return lambda_; }
  const NystromEmbedding& embedding() const { return embedding_; }
  const Eigen::VectorXd& mean() const { return mean_; }
  const Eigen::VectorXd& variance() const { return variance_; }

  // V ← V + z_i z_iᵀ: arm i is in the batch, its outcome not known yet. O(m²).
  void add_pending(Eigen::Index i);
  // σ̃²(x_i) with the pending arms counted. O(m²).
  double pending_variance(Eigen::Index i) const;
  // z_jᵀ V⁻¹ z_i for every arm i, with V of the observed data only: the embedded part of the
  // covariance between each arm and arm j. O(m² + A m).
  Eigen::VectorXd embedded_covariance(Eigen::Index j) const;

 private:
  NystromEmbedding embedding_;
  double lambda_;
  Eigen::LLT<Eigen::MatrixXd> observed_;  // V of the observed data
  Eigen::LLT<Eigen::MatrixXd> pending_;   // V with the pending arms
  Eigen::VectorXd mean_;
  Eigen::VectorXd variance_;
};

}  // namespace bopp::bo
