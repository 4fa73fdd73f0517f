// The exact GP posterior over every candidate, kept over the distinct arms observed.
//
// The points told (or hallucinated) so far are candidates, and a bandit repeats them: a few
// hundred distinct arms U over thousands of points. n observations of one arm with noise
// variance λ carry what one observation of their mean with noise λ/n carries, so the model
// is K_UU + λN⁻¹ over U, N the arms' counts, whatever the number of points t. With W = K(U, A)
// for the candidates A and the Cholesky factor of K_UU + λN⁻¹, a new point a lowers the
// variance by c², c = Σ_{:,a} / √(Σ_aa + λ), Σ_{:,a} = k(A, a) − Wᵀ(K_UU + λN⁻¹)⁻¹ k(U, a):
// O(u A + u²) per point for u distinct arms, where keeping one row per point (L⁻¹K(X, A))
// costs O(t A). This is the exact baseline of Calandriello et al. 2020 (GP-UCB and GP-AUCB,
// their Algorithm 2).
//
// A row (a point) may be appended before its value is known (GP-AUCB's hallucinated points
// change the variance, not the mean); values are then given in row order. Memory is 8 u A
// bytes.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/plugin.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace bopp::bbkb {

class ArmGp {
 public:
  ArmGp(bo::Kernel kernel, Points candidates, double noise_variance);

  // Conditions on candidate `arm`, its value to come: the variances drop, the mean stays.
  void append(Eigen::Index arm);
  // The value of the first row without one: the mean moves.
  void give_value(double y);
  // Forgets the rows from `rows` on (a hallucinated point that failed or was told out of
  // order); recomputes the posterior from the rows kept, O(u² A).
  void truncate(std::size_t rows);

  std::size_t rows() const { return arms_.size(); }
  std::size_t valued_rows() const { return values_.size(); }
  Eigen::Index arm(std::size_t row) const { return arms_[row]; }
  std::size_t distinct_arms() const { return distinct_.size(); }

  // The posterior mean of the latent f at every candidate given the valued rows, computed
  // when asked: O(u² + u A) when every row has its value, O(u³ + u A) otherwise.
  Eigen::VectorXd mean() const;
  // Its variance given all rows, hallucinated ones included.
  const Eigen::VectorXd& variance() const { return variance_; }
  // log det(K/λ + I) over the valued rows, λ the noise variance: Σ log(1 + σ²_{s−1}(x_s)/λ).
  double log_det() const { return log_det_; }

  // Checkpoints: the rows, the variances and log_det; W is recomputed and the factor rebuilt
  // by the steps that made it, so a restored instance continues bit for bit.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  // log(1 + σ²_{s−1}(x_s)/λ) of row s: its term of log_det.
  double information_gain(std::size_t row) const;
  // A new arm of U: its row of W and its slot, counted 0 times.
  void add_arm(Eigen::Index arm);
  // One more row of U's arm `slot`: its count and the factor.
  void count(Eigen::Index slot);
  // Factors K_UU + λN⁻¹ afresh.
  void factor();
  // K_SS + λ diag(1/counts) for the arms of U at `slots`, counts one per slot.
  Eigen::MatrixXd noisy_gram(const std::vector<Eigen::Index>& slots,
                             const Eigen::VectorXd& counts) const;
  // U, W, the counts and the factor from the rows: factored afresh over the first `factored`
  // rows, then the later rows (repeats) counted one by one as append counted them.
  void rebuild(std::size_t factored);

  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  bo::Kernel kernel_;
  Points candidates_;
  double noise_variance_;
  Eigen::VectorXd prior_variance_;  // k(a, a)

  std::vector<Eigen::Index> arms_;  // per row
  std::vector<double> diagonal_;    // per row, √(σ²_{s−1}(x_s) + λ)
  std::vector<double> values_;      // per valued row

  std::vector<Eigen::Index> distinct_;  // U, in the order of first appearance
  std::vector<Eigen::Index> slot_;      // per candidate, its index in U or −1
  std::vector<double> counts_;          // per arm of U, its rows
  RowMajor kernel_rows_;  // W = K(U, A), its first u rows used; capacity grows geometrically
  Eigen::LLT<Eigen::MatrixXd> factor_;  // of K_UU + λN⁻¹
  std::size_t factored_rows_ = 0;       // the rows when the factor was last computed afresh

  Eigen::VectorXd variance_;
  double log_det_ = 0.0;
};

}  // namespace bopp::bbkb
