#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/marginal_likelihood.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace bopp::bo {

Eigen::VectorXd HyperparameterLayout::pack(const Hyperparameters& h) const {
  Eigen::VectorXd theta(size());
  theta.head(dim) = h.lengthscales.array().log();
  theta[outputscale()] = std::log(h.outputscale);
  theta[noise()] = std::log(h.noise_variance);
  theta[mean()] = h.mean;
  return theta;
}

Hyperparameters HyperparameterLayout::unpack(const Eigen::VectorXd& theta) const {
  Hyperparameters h;
  h.lengthscales = theta.head(dim).array().exp();
  h.outputscale = std::exp(theta[outputscale()]);
  h.noise_variance = std::exp(theta[noise()]);
  h.mean = theta[mean()];
  return h;
}

double log_marginal_likelihood(const Kernel& kernel, double noise_variance, double mean,
                               const Eigen::MatrixXd& U, const Eigen::VectorXd& z,
                               Eigen::VectorXd* gradient, const LogCallback& log) {
  const Eigen::Index n = U.rows(), d = kernel.dim();
  if (n == 0 || U.cols() != d || z.size() != n)
    throw std::invalid_argument("log_marginal_likelihood: U must be n x dim (n > 0), z of size n");
  Eigen::MatrixXd S = kernel.squared_distances(U, U);
  S.diagonal().setZero();
  const Eigen::ArrayXXd S_array = S.array();
  Eigen::MatrixXd K = kernel.profile(S_array).matrix();
  K.diagonal().array() += noise_variance;
  const CholeskyFactor factor = robust_cholesky(K, log);
  const auto L = factor.llt.matrixL();

  const Eigen::VectorXd residual = z.array() - mean;
  const Eigen::VectorXd alpha = factor.llt.solve(residual);
  const double fit = residual.dot(alpha);
  const double log_det = 2 * factor.llt.matrixLLT().diagonal().array().log().sum();
  const double value = -0.5 * fit - 0.5 * log_det - 0.5 * static_cast<double>(n) * std::log(2 * std::numbers::pi);
  if (gradient == nullptr) return value;

  // A = ααᵀ − K_y⁻¹, K_y⁻¹ = L⁻ᵀ L⁻¹ from the triangular inverse.
  Eigen::MatrixXd A = Eigen::MatrixXd::Identity(n, n);
  L.solveInPlace(A);
  Eigen::MatrixXd inverse(n, n);
  inverse.setZero();
  inverse.selfadjointView<Eigen::Lower>().rankUpdate(A.transpose(), -1.0);
  inverse.selfadjointView<Eigen::Lower>().rankUpdate(alpha, 1.0);
  A = inverse.selfadjointView<Eigen::Lower>();

  gradient->resize(d + 3);
  K.diagonal().array() -= noise_variance;  // back to the noiseless K = ∂K_y/∂log σ_f²
  const double trace_A = A.trace();
  (*gradient)[d] = 0.5 * (A.array() * K.array()).sum();
  (*gradient)[d + 1] = 0.5 * noise_variance * trace_A;
  (*gradient)[d + 2] = alpha.sum();

  // ∂K/∂log ℓ_i = g'(s) · (−2 D_i), D_i the squared scaled differences along i; with
  // M = A ∘ g'(S) and V = U/ℓ: Σ_jk M_jk D_i,jk = 2 Σ_j V_ji² (M1)_j − 2 V_iᵀ M V_i.
  const Eigen::MatrixXd M = (A.array() * kernel.profile_derivative(S_array)).matrix();
  const Eigen::MatrixXd V = U * kernel.lengthscales().array().inverse().matrix().asDiagonal();
  const Eigen::MatrixXd MV = M * V;
  const Eigen::VectorXd row_sums = M.rowwise().sum();
  for (Eigen::Index i = 0; i < d; ++i) {
    const double quadratic = V.col(i).dot(MV.col(i));
    const double weighted = V.col(i).array().square().matrix().dot(row_sums);
    (*gradient)[i] = -0.5 * 2 * (2 * weighted - 2 * quadratic);
  }
  return value;
}

double log_marginal_likelihood(const GaussianProcess& gp, Eigen::VectorXd* gradient) {
  return log_marginal_likelihood(gp.kernel(), gp.noise_variance(), gp.mean_constant(),
                                 gp.unit_inputs(), gp.standardized_targets(), gradient, gp.log());
}

}  // namespace bopp::bo
