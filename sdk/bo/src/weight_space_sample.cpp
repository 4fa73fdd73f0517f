#include <bopp/bo/weight_space_sample.hpp>

#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/portable_random.hpp>

#include <cmath>
#include <random>
#include <stdexcept>

namespace bopp::bo {

namespace {

// The kernel whose random features the regression uses.
Kernel feature_kernel(const Kernel& kernel, WeightSpaceFeatures kind) {
  if (kind == WeightSpaceFeatures::kernel) return kernel;
  return Kernel(KernelType::rbf, kernel.dim(), kernel.lengthscales()[0], 1.0);
}

}  // namespace

WeightSpaceSample::WeightSpaceSample(const GaussianProcess& gp, Eigen::Index features,
                                     WeightSpaceFeatures kind, std::uint64_t seed)
    : features_(feature_kernel(gp.kernel(), kind), features, seed),
      unit_norm_(kind == WeightSpaceFeatures::first_lengthscale_unit_norm),
      outputscale_(gp.kernel().outputscale()),
      cube_(gp.unit_cube()),
      scaling_(gp.output_scaling()),
      mean_(gp.mean_constant()) {
  // A separate stream for the weights' noise than the one that drew the features.
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  Eigen::VectorXd noise(features);
  for (Eigen::Index i = 0; i < features; ++i) noise[i] = standard_normal(rng);
  if (gp.size() == 0) {
    weights_ = std::move(noise);  // the prior, N(0, I)
    return;
  }
  const Eigen::MatrixXd Phi = this->features(gp.unit_inputs());
  const double noise_variance = gp.noise_variance();
  Eigen::MatrixXd A = Eigen::MatrixXd::Identity(features, features) * noise_variance;
  A.selfadjointView<Eigen::Lower>().rankUpdate(Phi.transpose());
  // With fewer points than features, A is singular when the noise is fixed at 0: jitter then
  // stands in for it, in A and in the weights' covariance alike.
  const CholeskyFactor factor = robust_cholesky(std::move(A));
  const Eigen::VectorXd residual = gp.standardized_targets().array() - mean_;
  // w = A⁻¹Φᵀr + σ_n L⁻ᵀε, A = LLᵀ: its covariance is σ_n² L⁻ᵀL⁻¹ = σ_n² A⁻¹.
  weights_ = factor.llt.solve(Phi.transpose() * residual);
  factor.llt.matrixU().solveInPlace(noise);
  weights_ += std::sqrt(noise_variance + factor.jitter) * noise;
}

Eigen::MatrixXd WeightSpaceSample::features(const Eigen::MatrixXd& U) const {
  Eigen::MatrixXd Phi = features_.features(U);
  if (unit_norm_)
    for (Eigen::Index i = 0; i < Phi.rows(); ++i)
      Phi.row(i) *= std::sqrt(outputscale_) / Phi.row(i).norm();
  return Phi;
}

Eigen::VectorXd WeightSpaceSample::values(const Eigen::MatrixXd& X) const {
  if (X.cols() != dim())
    throw std::invalid_argument("WeightSpaceSample: X must have one column per dimension");
  const Eigen::MatrixXd U = cube_.points(X);
  const Eigen::VectorXd f = features(U) * weights_;
  return ((scaling_.mean + scaling_.scale * mean_) + scaling_.scale * f.array()).matrix();
}

double WeightSpaceSample::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  if (gradient != nullptr) {
    const Eigen::VectorXd u = cube_.point(x);
    Eigen::VectorXd g;
    if (unit_norm_) {
      // f = σ φᵀw/‖φ‖, so ∇f = (σ/‖φ‖) Jᵀ(w − (φᵀw/‖φ‖²) φ), J = ∂φ/∂u: one product with Jᵀ.
      const Eigen::VectorXd phi = features_.features(u.transpose()).transpose();
      const double norm2 = phi.squaredNorm();
      const Eigen::VectorXd direction = weights_ - (phi.dot(weights_) / norm2) * phi;
      g = std::sqrt(outputscale_ / norm2) * features_.gradient(u, direction);
    } else {
      g = features_.gradient(u, weights_);
    }
    *gradient = cube_.gradient_in_box(scaling_.scale * g);
  }
  return values(x.transpose())[0];
}

}  // namespace bopp::bo
