#include <bopp/nn/tangent_models.hpp>

#include <Eigen/Cholesky>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bopp::nn {

SquaredErrorFit network_fit(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            const Eigen::VectorXd& offsets, double beta) {
  return [&mlp, X, y, offsets, beta](const Eigen::VectorXd& theta, Eigen::VectorXd& gradient) {
    const ForwardPass pass = mlp.backpropagate(X, theta);
    const Eigen::VectorXd residual = beta * (pass.outputs + offsets) - y;
    gradient = mlp.pullback(pass, beta * residual);
    return 0.5 * residual.squaredNorm();
  };
}

SquaredErrorFit tangent_fit(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            const Eigen::VectorXd& feature_theta, double beta) {
  // The features do not move: one backward pass serves every step.
  const ForwardPass pass = mlp.backpropagate(X, feature_theta);
  return [&mlp, X, y, feature_theta, beta, pass](const Eigen::VectorXd& theta,
                                                 Eigen::VectorXd& gradient) {
    const Eigen::VectorXd residual =
        beta * mlp.jacobian_vector_products(X, feature_theta, theta) - y;
    gradient = mlp.pullback(pass, beta * residual);
    return 0.5 * residual.squaredNorm();
  };
}

Eigen::VectorXd tangent_regression(const Mlp& mlp, const Eigen::MatrixXd& X,
                                   const Eigen::VectorXd& y, const Eigen::VectorXd& feature_theta,
                                   const Eigen::VectorXd& theta0, double beta,
                                   double noise_variance) {
  if (!(beta > 0) || !(noise_variance > 0))
    throw std::invalid_argument("tangent_regression: beta and the noise variance must be > 0");
  const ForwardPass pass = mlp.backpropagate(X, feature_theta);
  Eigen::MatrixXd K = mlp.tangent_kernel(pass, pass);
  K.diagonal().array() += noise_variance;
  const Eigen::LLT<Eigen::MatrixXd> llt(K);
  if (llt.info() != Eigen::Success)
    throw std::runtime_error("tangent_regression: the NTK Gram matrix is not positive definite");
  const Eigen::VectorXd prior = mlp.jacobian_vector_products(X, feature_theta, theta0);
  const Eigen::VectorXd alpha = llt.solve(y / beta - prior);
  return theta0 + mlp.pullback(pass, alpha);
}

TrainingResult tangent_gradient_descent(const Mlp& mlp, const Eigen::MatrixXd& X,
                                        const Eigen::VectorXd& y,
                                        const Eigen::VectorXd& feature_theta,
                                        const Eigen::VectorXd& theta0, double beta, double lambda,
                                        const TrainingOptions& options) {
  const Eigen::Index n = X.rows();
  const Eigen::Index p = mlp.parameter_count();
  if (n < 1) throw std::invalid_argument("tangent_gradient_descent: no data");
  if (y.size() != n || theta0.size() != p)
    throw std::invalid_argument(
        "tangent_gradient_descent: targets or parameters of the wrong size");
  if (options.step_scales.size() != 0 && options.step_scales.size() != p)
    throw std::invalid_argument("tangent_gradient_descent: step_scales of the wrong size");

  // θ's blocks in order (W_1, b_1, W_2, …), each with its step scale and the group of blocks
  // that share that scale.
  struct Block {
    Eigen::Index start, size;
    std::size_t group;
  };
  std::vector<Block> blocks;
  std::vector<double> scales;
  for (int l = 1; l <= mlp.layers(); ++l) {
    const Eigen::Index weights = mlp.units(l) * mlp.units(l - 1);
    for (const auto& [start, size] : {std::pair{mlp.layer_offset(l), weights},
                                      std::pair{mlp.layer_offset(l) + weights, mlp.units(l)}}) {
      double scale = 1.0;
      if (options.step_scales.size() != 0) {
        const auto part = options.step_scales.segment(start, size);
        scale = part[0];
        if ((part.array() != scale).any())
          throw std::invalid_argument(
              "tangent_gradient_descent: a step scale that varies inside a layer's weights or "
              "biases");
      }
      std::size_t group = 0;
      while (group < scales.size() && scales[group] != scale) ++group;
      if (group == scales.size()) scales.push_back(scale);
      blocks.push_back({start, size, group});
    }
  }
  const auto groups = static_cast<Eigen::Index>(scales.size());

  const ForwardPass pass = mlp.backpropagate(X, feature_theta);
  const std::vector<Eigen::MatrixXd> parts = mlp.tangent_kernel_blocks(pass, pass);
  // [Θ̃_1 … Θ̃_G], each group's kernel the sum of its blocks': Φδ = K a in one product.
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n, groups * n);
  for (std::size_t b = 0; b < blocks.size(); ++b)
    K.middleCols(static_cast<Eigen::Index>(blocks[b].group) * n, n) += parts[b];

  const double inv_n = 1.0 / static_cast<double>(n);
  const Eigen::VectorXd r0 = beta * mlp.jacobian_vector_products(X, feature_theta, theta0) - y;
  Eigen::VectorXd a = Eigen::VectorXd::Zero(groups * n);
  Eigen::VectorXd r = r0;
  Eigen::VectorXd w(n);
  // ‖∇‖ of the mean-scaled loss: the gradient's block b is (1/n) Φ_bᵀ (β r + λ a_b).
  const auto gradient_norm = [&] {
    double squares = 0.0;
    for (Eigen::Index g = 0; g < groups; ++g) {
      w = inv_n * (beta * r + lambda * a.segment(g * n, n));
      squares += w.dot(K.middleCols(g * n, n) * w);
    }
    return std::sqrt(squares);
  };
  // Every step checks the tolerance as train_regularized does; with none (0) only a gradient of
  // exactly 0 stops it, which needs the norm: kept for a tolerance above 0.
  const bool check = options.gradient_tolerance > 0;
  const double initial_norm = check ? gradient_norm() : 0.0;
  double norm = initial_norm;
  TrainingResult result;
  for (int k = 0; k < options.max_steps; ++k) {
    if (check && norm <= options.gradient_tolerance * initial_norm) break;
    for (Eigen::Index g = 0; g < groups; ++g) {
      auto a_g = a.segment(g * n, n);
      a_g -= (options.learning_rate * scales[static_cast<std::size_t>(g)] * inv_n) *
             (beta * r + lambda * a_g);
    }
    r = r0;
    r.noalias() += beta * (K * a);
    ++result.steps;
    if (check) norm = gradient_norm();
  }

  // θ = θ0 + Σ_b Φ_bᵀ a_b: one pullback per group, kept on that group's blocks.
  result.theta = theta0;
  for (Eigen::Index g = 0; g < groups; ++g) {
    const Eigen::VectorXd moved = mlp.pullback(pass, a.segment(g * n, n));
    for (const Block& b : blocks) {
      if (static_cast<Eigen::Index>(b.group) == g)
        result.theta.segment(b.start, b.size) += moved.segment(b.start, b.size);
    }
  }
  double drift = 0.0;  // ‖θ − θ0‖² = Σ_g a_gᵀ Θ̃_g a_g
  for (Eigen::Index g = 0; g < groups; ++g)
    drift += a.segment(g * n, n).dot(K.middleCols(g * n, n) * a.segment(g * n, n));
  result.loss = inv_n * (0.5 * r.squaredNorm() + 0.5 * lambda * drift);
  result.gradient_norm = gradient_norm();
  result.residual_rms = std::sqrt(r.squaredNorm() * inv_n);
  return result;
}

}  // namespace bopp::nn
