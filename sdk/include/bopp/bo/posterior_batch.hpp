// bopp/bo/posterior_batch.hpp: the posterior and its gradients at a batch of points, in buffers
// reused from call to call.
#pragma once

#include <bopp/bo/gaussian_process.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// The posterior mean and variance of f at k points and their gradients in x, in one pass for
// the whole batch: the k cross-covariances and their profile derivatives together, two
// triangular products of k columns with the GP's L⁻¹ (one point at a time reads the n × n factor
// twice per point; a single point takes two solves), and the gradients from two products with the
// data. The buffers live as long as the object: once they have grown to a batch's size, evaluating
// batch after batch allocates nothing. The same posterior as
// GaussianProcess::predict_with_gradient, to rounding. Keeps a reference to the GP, which must
// outlive it; the GP's current state is read at every call.
class PosteriorBatch {
 public:
  explicit PosteriorBatch(const GaussianProcess& gp);

  // The posterior at the rows of X (k × dim, the user's units).
  void evaluate(const Eigen::Ref<const Eigen::MatrixXd>& X);

  // After evaluate(): k means and variances, and dim × k gradients (column j for row j of X),
  // all in the user's units.
  const Eigen::VectorXd& mean() const { return mean_; }
  const Eigen::VectorXd& variance() const { return variance_; }
  const Eigen::MatrixXd& mean_gradient() const { return mean_gradient_; }
  const Eigen::MatrixXd& variance_gradient() const { return variance_gradient_; }

 private:
  const GaussianProcess& gp_;
  Eigen::VectorXd inverse_lengthscales_, inverse_widths_;
  Eigen::ArrayXd chain_;           // 2/ℓ² over the box's widths
  Eigen::MatrixXd scaled_inputs_;  // the data's unit inputs over the lengthscales, n × dim
  Eigen::VectorXd scaled_norms_;   // their squared norms
  Eigen::MatrixXd points_;         // the batch's unit inputs, k × dim
  Eigen::MatrixXd scaled_points_;  // over the lengthscales
  Eigen::MatrixXd derivatives_;    // distances, then σ²g'(s), then g' ∘ α, n × k
  Eigen::MatrixXd covariances_;    // k(X, x_j), n × k
  Eigen::MatrixXd weights_;        // [g' ∘ α, g' ∘ (K⁻¹k(X, x_j))], n × 2k
  Eigen::MatrixXd solved_;         // L⁻¹k(X, x_j), then K⁻¹k(X, x_j), n × k
  Eigen::MatrixXd products_;       // the data's unit inputsᵀ · weights_, dim × 2k
  Eigen::VectorXd mean_, variance_;
  Eigen::MatrixXd mean_gradient_, variance_gradient_;
};

}  // namespace bopp::bo
