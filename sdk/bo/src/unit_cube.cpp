#include <bopp/bo/unit_cube.hpp>

namespace bopp::bo {

Eigen::MatrixXd UnitCube::points(const Eigen::MatrixXd& X) const {
  return ((X.rowwise() - lower.transpose()).array().rowwise() / widths.transpose().array())
      .matrix();
}

Eigen::VectorXd UnitCube::point(const Eigen::VectorXd& x) const {
  return ((x - lower).array() / widths.array()).matrix();
}

Eigen::VectorXd UnitCube::gradient_in_box(const Eigen::VectorXd& gradient) const {
  return (gradient.array() / widths.array()).matrix();
}

}  // namespace bopp::bo
