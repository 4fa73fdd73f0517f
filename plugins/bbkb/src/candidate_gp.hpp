// The exact GP posterior over every candidate, grown one point at a time.
//
// Kept as M = L⁻¹ K(X, A), L the Cholesky factor of K(X, X) + λI, for the points X told (or
// hallucinated) so far and the candidates A: a new point appends one row of M in O(t A), where
// a posterior computed afresh costs O(t² A) per step. This is the exact baseline of Calandriello
// et al. 2020 (GP-UCB and GP-AUCB, their Algorithm 2); the variance of a candidate is
// k(a, a) − ‖M_{:,a}‖² and its mean M_{:,a}ᵀ L⁻¹ y.
//
// A row may be appended before its value is known (GP-AUCB's hallucinated points change the
// variance, not the mean); values are then given in row order. Memory is 8 t A bytes.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/plugin.hpp>

#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace bopp::bbkb {

class CandidateGp {
 public:
  CandidateGp(bo::Kernel kernel, Points candidates, double noise_variance);

  // Conditions on candidate `arm`, its value to come: the variances drop, the mean stays.
  void append(Eigen::Index arm);
  // The value of the first row without one: the mean moves.
  void give_value(double y);
  // Forgets the rows from `rows` on (a hallucinated point that failed or was told out of
  // order); recomputes the posterior from the rows kept, O(t A).
  void truncate(std::size_t rows);

  std::size_t rows() const { return arms_.size(); }
  std::size_t valued_rows() const { return weights_.size(); }
  Eigen::Index arm(std::size_t row) const { return arms_[row]; }

  // The posterior of the latent f at every candidate: the mean given the valued rows, the
  // variance given all rows.
  const Eigen::VectorXd& mean() const { return mean_; }
  const Eigen::VectorXd& variance() const { return variance_; }
  // log det(K/λ + I) over the valued rows, λ the noise variance: Σ log(1 + σ²_{s−1}(x_s)/λ).
  double log_det() const { return log_det_; }

  // Checkpoints: the rows of M in use and everything grown with them (8 t A bytes).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  // log(1 + σ²_{s−1}(x_s)/λ) of row s: its term of log_det.
  double information_gain(std::size_t row) const;

  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  bo::Kernel kernel_;
  Points candidates_;
  double noise_variance_;
  Eigen::VectorXd prior_variance_;  // k(a, a)

  RowMajor rows_;  // M, its first arms_.size() rows used; capacity grows geometrically
  std::vector<Eigen::Index> arms_;
  std::vector<double> diagonal_;  // L's diagonal, √(σ²_{s−1}(x_s) + λ)
  std::vector<double> weights_;   // L⁻¹ y, for the valued rows
  Eigen::VectorXd mean_;
  Eigen::VectorXd variance_;
  double log_det_ = 0.0;
};

}  // namespace bopp::bbkb
