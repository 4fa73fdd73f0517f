#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/denormals_flushed.hpp>
#include <bopp/bo/lower_triangle.hpp>
#include <bopp/bo/marginal_likelihood.hpp>

#include "likelihood_workspace.hpp"

#include <Eigen/Cholesky>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <utility>

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
                               Eigen::VectorXd* gradient, const LogCallback& log,
                               LikelihoodWorkspace& workspace) {
  const Eigen::Index n = U.rows(), d = kernel.dim();
  if (n == 0 || U.cols() != d || z.size() != n)
    throw std::invalid_argument("log_marginal_likelihood: U must be n x dim (n > 0), z of size n");
  const DenormalsFlushed flushed;  // far points' products are subnormal: slow, and negligible
  Eigen::MatrixXd& S = workspace.distances;
  Eigen::MatrixXd& factor = workspace.factor;
  Eigen::MatrixXd& inverse = workspace.inverse;
  Eigen::MatrixXd& V = workspace.scaled_inputs;
  S.resize(n, n);
  factor.resize(n, n);
  inverse.resize(n, n);
  V.resize(n, d + 1);

  // Column by column down the lower triangle: s = ‖v_j‖² + ‖v_k‖² − 2 v_jᵀv_k with the
  // cross terms from one rank update (a SYRK: the lower triangle only), the diagonal
  // exactly 0; one pass then writes K's entry into `factor` and leaves g'(s) in S for the
  // gradient. V's last column is ones, for the row sums of the gradient's product below.
  auto scaled = V.leftCols(d);
  scaled.noalias() = U * kernel.lengthscales().array().inverse().matrix().asDiagonal();
  V.col(d).setOnes();
  const Eigen::ArrayXd norms = scaled.rowwise().squaredNorm();
  S.triangularView<Eigen::Lower>().setZero();
  S.selfadjointView<Eigen::Lower>().rankUpdate(scaled, -2.0);
  for (Eigen::Index k = 0; k < n; ++k) {
    const Eigen::Index len = n - k;
    auto s = S.col(k).tail(len).array();
    s = (s + norms.tail(len) + norms[k]).max(0.0);
    s[0] = 0.0;
    kernel.profile_with_derivative(s, factor.col(k).tail(len).array());
  }
  factor.diagonal().array() += noise_variance;
  // L and L⁻¹ together: L⁻¹ is wanted for K_y⁻¹ below, and with it at hand the factorization
  // needs no triangular solve (on OpenBLAS 0.3.21, potrf then trtri took 1.25× as long). Also
  // without a gradient, so that a value is the same bits whether or not one is asked for.
  double diagonal_added = noise_variance;  // K_y = K + this·I, in the factor
  if (!cholesky_with_inverse(factor, inverse)) {
    // Rare: rebuild K_y and let robust_cholesky escalate jitter (and log it).
    Eigen::MatrixXd Ky = kernel.matrix(U);
    Ky.diagonal().array() += noise_variance;
    CholeskyFactor jittered = robust_cholesky(std::move(Ky), log);
    diagonal_added += jittered.jitter;
    factor = jittered.llt.matrixLLT();
    inverse.triangularView<Eigen::Lower>() = factor.triangularView<Eigen::Lower>();
    invert_lower_triangle(inverse);
  }

  const Eigen::VectorXd residual = z.array() - mean;
  Eigen::VectorXd alpha = residual;
  factor.triangularView<Eigen::Lower>().solveInPlace(alpha);
  factor.triangularView<Eigen::Lower>().transpose().solveInPlace(alpha);
  const double fit = residual.dot(alpha);
  const double log_det = 2 * factor.diagonal().array().log().sum();
  const double value =
      -0.5 * fit - 0.5 * log_det - 0.5 * static_cast<double>(n) * std::log(2 * std::numbers::pi);
  if (gradient == nullptr) return value;

  // ∂/∂θ = ½ Σ_jk A_jk (∂K_y/∂θ)_jk with A = ααᵀ − K_y⁻¹ (Rasmussen & Williams 2006,
  // eq. 5.9); every ∂K_y/∂θ is symmetric, so one pass down the lower triangle of A serves
  // them all and no n × n derivative is formed:
  //   ∂K_y/∂log σ_f² = K,  ∂K_y/∂log σ_n² = σ_n² I,
  //   ∂K_y/∂log ℓ_i = −2 g'(S) ∘ D_i, D_i the squared scaled differences along i.
  // K needs no pass of its own: with K = K_y − σ_n² I and K_y α = r,
  //   Σ_jk A_jk K_jk = αᵀKα − tr(K_y⁻¹K) = rᵀα − n − σ_n² tr(A),
  // so the outputscale's and the noise's derivatives sum to ½(rᵀα − n), as a common scale's must
  // (σ_n² plus any jitter the factor needed, in the first; the noise's own term has σ_n² alone).
  // For the lengthscales, with M = A ∘ g'(S) (g'(S) is in S's lower triangle; M replaces
  // it as the pass leaves each column): Σ_jk M_jk D_i,jk = 2 Σ_j V_ji² (M1)_j − 2 V_iᵀ M V_i, one
  // product M [V 1] for both sums.
  lower_triangle_gram(inverse);  // K_y⁻¹ = L⁻ᵀL⁻¹ (LAPACK's lauum, on triangular products)
  double trace_A = 0;
  Eigen::ArrayXd a_buffer(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const Eigen::Index len = n - k;  // rows k … n − 1 of column k
    auto a = a_buffer.head(len);
    a = alpha[k] * alpha.tail(len).array() - inverse.col(k).tail(len).array();
    trace_A += a[0];
    S.col(k).tail(len).array() *= a;
  }
  Eigen::MatrixXd& MV = workspace.products;
  MV.resize(n, d + 1);
  MV.noalias() = S.selfadjointView<Eigen::Lower>() * V;
  const auto row_sums = MV.col(d);
  gradient->resize(d + 3);
  for (Eigen::Index i = 0; i < d; ++i)
    (*gradient)[i] = 2 * V.col(i).dot(MV.col(i)) - 2 * V.col(i).cwiseAbs2().dot(row_sums);
  (*gradient)[d] = 0.5 * (fit - static_cast<double>(n) - diagonal_added * trace_A);
  (*gradient)[d + 1] = 0.5 * noise_variance * trace_A;
  (*gradient)[d + 2] = alpha.sum();
  return value;
}

double log_marginal_likelihood(const Kernel& kernel, double noise_variance, double mean,
                               const Eigen::MatrixXd& U, const Eigen::VectorXd& z,
                               Eigen::VectorXd* gradient, const LogCallback& log) {
  LikelihoodWorkspace workspace;
  return log_marginal_likelihood(kernel, noise_variance, mean, U, z, gradient, log, workspace);
}

double log_marginal_likelihood(const GaussianProcess& gp, Eigen::VectorXd* gradient) {
  return log_marginal_likelihood(gp.kernel(), gp.noise_variance(), gp.mean_constant(),
                                 gp.unit_inputs(), gp.standardized_targets(), gradient, gp.log());
}

}  // namespace bopp::bo
