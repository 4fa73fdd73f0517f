#include <bopp/nn/tangent_models.hpp>

#include <Eigen/Cholesky>

#include <stdexcept>

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

}  // namespace bopp::nn
