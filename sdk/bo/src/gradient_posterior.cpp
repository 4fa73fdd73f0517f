#include <bopp/bo/gradient_posterior.hpp>

#include <stdexcept>

namespace bopp::bo {

GradientPosterior gradient_posterior(const GaussianProcess& gp, const Eigen::VectorXd& x) {
  if (x.size() != gp.dim()) throw std::invalid_argument("gradient_posterior: x has the wrong size");
  const Kernel& kernel = gp.kernel();
  const Eigen::VectorXd u = gp.point_to_unit_cube(x);
  const double s = gp.output_scaling().scale;
  const Eigen::VectorXd inv_w = gp.widths().array().inverse();

  GradientPosterior p;
  Eigen::MatrixXd covariance = kernel.cross_hessian(u, u);
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(gp.dim());
  if (gp.size() > 0) {
    const Eigen::MatrixXd J = kernel.gradient(u, gp.unit_inputs());  // dim × n
    mean = J * gp.weights();
    Eigen::MatrixXd V = J.transpose();
    gp.cholesky_factor().triangularView<Eigen::Lower>().solveInPlace(V);
    covariance.noalias() -= V.transpose() * V;
  }
  // Chain rule from the unit cube back to x, and from z back to y.
  p.mean = s * mean.cwiseProduct(inv_w);
  p.covariance = (s * s) * inv_w.asDiagonal() * covariance * inv_w.asDiagonal();
  return p;
}

}  // namespace bopp::bo
