#include "cubic_curve.hpp"

#include <Eigen/QR>

#include <stdexcept>

namespace bopp::rover {

Eigen::Vector4d cubic_basis(double t) {
  const double s = 1.0 - t;
  return {s * s * s, 3.0 * t * s * s, 3.0 * t * t * s, t * t * t};
}

Eigen::VectorXd chord_length_parameters(const PlanePoints& points) {
  const Eigen::Index m = points.rows();
  Eigen::VectorXd u(m);
  u[0] = 0.0;
  for (Eigen::Index i = 1; i < m; ++i) u[i] = u[i - 1] + (points.row(i) - points.row(i - 1)).norm();
  if (!(u[m - 1] > 0.0))
    throw std::invalid_argument("rover: every waypoint is the same point, so no curve is defined");
  return u / u[m - 1];
}

CubicCurve CubicCurve::fit(const PlanePoints& points) {
  if (points.rows() < 4) throw std::invalid_argument("rover: a cubic curve needs 4 points");
  const Eigen::VectorXd u = chord_length_parameters(points);
  Eigen::MatrixXd basis(points.rows(), 4);
  for (Eigen::Index i = 0; i < points.rows(); ++i) basis.row(i) = cubic_basis(u[i]).transpose();
  // Rank-revealing, so that points at fewer than four distinct parameters (repeated
  // waypoints) still give one definite curve, the least-squares solution of least norm.
  const Eigen::Matrix<double, 4, 2> control =
      basis.completeOrthogonalDecomposition().solve(Eigen::MatrixXd(points));
  return CubicCurve(control);
}

Eigen::Vector2d CubicCurve::at(double t) const { return control_.transpose() * cubic_basis(t); }

}  // namespace bopp::rover
