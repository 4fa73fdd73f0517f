#include <bopp/bo/pathwise_sample.hpp>

#include <bopp/bo/portable_random.hpp>

#include <cmath>
#include <random>
#include <stdexcept>

namespace bopp::bo {

PathwiseSample::PathwiseSample(const GaussianProcess& gp, Eigen::Index features, std::uint64_t seed)
    : kernel_(gp.kernel()),
      features_(gp.kernel(), features, seed),
      cube_(gp.unit_cube()),
      scaling_(gp.output_scaling()),
      mean_(gp.mean_constant()),
      unit_inputs_(gp.unit_inputs()) {
  // A separate stream for θ and ε than the one that drew the features.
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  theta_.resize(features);
  for (Eigen::Index i = 0; i < features; ++i) theta_[i] = standard_normal(rng);
  if (gp.size() == 0) {
    update_weights_.resize(0);
    return;
  }
  Eigen::VectorXd residual = gp.standardized_targets().array() - mean_;
  residual -= features_.features(unit_inputs_) * theta_;
  const double noise_sd = std::sqrt(gp.noise_variance());
  for (Eigen::Index i = 0; i < residual.size(); ++i) residual[i] -= noise_sd * standard_normal(rng);
  const auto& L = gp.cholesky_factor();
  L.triangularView<Eigen::Lower>().solveInPlace(residual);
  L.triangularView<Eigen::Lower>().transpose().solveInPlace(residual);
  update_weights_ = std::move(residual);
}

Eigen::VectorXd PathwiseSample::values(const Eigen::MatrixXd& X) const {
  const Eigen::MatrixXd U = cube_.points(X);
  Eigen::VectorXd f = features_.features(U) * theta_;
  if (update_weights_.size() > 0) f.noalias() += kernel_.matrix(U, unit_inputs_) * update_weights_;
  return ((scaling_.mean + scaling_.scale * mean_) + scaling_.scale * f.array()).matrix();
}

double PathwiseSample::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  if (gradient != nullptr) {
    const Eigen::VectorXd u = cube_.point(x);
    Eigen::VectorXd g = features_.gradient(u, theta_);
    if (update_weights_.size() > 0)
      g.noalias() += kernel_.gradient(u, unit_inputs_) * update_weights_;
    *gradient = cube_.gradient_in_box(scaling_.scale * g);
  }
  return values(x.transpose())[0];
}

}  // namespace bopp::bo
