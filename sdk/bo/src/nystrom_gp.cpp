#include <bopp/bo/nystrom_gp.hpp>

#include <algorithm>
#include <stdexcept>

namespace bopp::bo {

NystromGp::NystromGp(const GaussianProcess& gp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                     const Eigen::MatrixXd& inducing)
    : prior_(gp.kernel(), gp.lower(), gp.upper(), gp.log()),
      scaling_(gp.output_scaling()),
      size_(X.rows()) {
  if (inducing.rows() == 0 || inducing.cols() != gp.dim() || X.cols() != gp.dim() ||
      y.size() != X.rows())
    throw std::invalid_argument(
        "NystromGp: needs inducing points and data with one column per dimension");
  prior_.set_hyperparameters(gp.hyperparameters());
  map_ = nystrom_map(prior_.kernel(), prior_.to_unit_cube(inducing));
  const Eigen::MatrixXd Z =
      prior_.kernel().matrix(prior_.to_unit_cube(X), map_.dictionary) * map_.weights;
  const double lambda = prior_.noise_variance();
  Eigen::MatrixXd V = Eigen::MatrixXd::Identity(rank(), rank()) * lambda;
  V.selfadjointView<Eigen::Lower>().rankUpdate(Z.transpose());
  V_.compute(V);  // V ⪰ λI: positive definite
  const Eigen::VectorXd residual =
      ((y.array() - scaling_.mean) / scaling_.scale - prior_.mean_constant()).matrix();
  weights_ = V_.solve(Z.transpose() * residual);
}

Posterior NystromGp::predict(const Eigen::MatrixXd& X) const {
  if (X.cols() != dim()) throw std::invalid_argument("NystromGp::predict: X must have dim columns");
  const double s = scaling_.scale;
  const Eigen::MatrixXd Z =
      prior_.kernel().matrix(prior_.to_unit_cube(X), map_.dictionary) * map_.weights;
  const Eigen::MatrixXd half = V_.matrixL().solve(Z.transpose());  // L⁻¹ z(x) per column
  Posterior p;
  p.mean = ((Z * weights_).array() + prior_.mean_constant()) * s + scaling_.mean;
  const Eigen::ArrayXd variance =
      prior_.kernel().outputscale() - Z.rowwise().squaredNorm().array() +
      prior_.noise_variance() * half.colwise().squaredNorm().array().transpose();
  p.variance = (s * s * variance.max(0.0)).matrix();
  return p;
}

PointPosterior NystromGp::predict_with_gradient(const Eigen::VectorXd& x) const {
  const double s = scaling_.scale;
  const double lambda = prior_.noise_variance();
  const Eigen::VectorXd u = prior_.point_to_unit_cube(x);
  const Eigen::ArrayXd w = prior_.widths().array();
  // ∂z/∂x as the rows of J: dim × m'.
  const Eigen::MatrixXd J = prior_.kernel().gradient(u, map_.dictionary) * map_.weights;
  const Eigen::VectorXd z =
      (prior_.kernel().matrix(u.transpose(), map_.dictionary) * map_.weights).transpose();
  const Eigen::VectorXd solved = V_.solve(z);  // V⁻¹ z
  PointPosterior p;
  p.mean = scaling_.mean + s * (prior_.mean_constant() + z.dot(weights_));
  p.variance =
      s * s *
      std::max(0.0, prior_.kernel().outputscale() - z.squaredNorm() + lambda * z.dot(solved));
  // k(x, x) is constant for a stationary kernel: ∇σ² = −2 J z + 2 σ_n² J V⁻¹ z.
  p.mean_gradient = (s * (J * weights_).array() / w).matrix();
  p.variance_gradient = (2 * s * s * (J * (lambda * solved - z)).array() / w).matrix();
  return p;
}

}  // namespace bopp::bo
