// bopp/bo/unit_cube.hpp: the map from a search box onto the unit cube, where bopp::bo's GPs and
// the samples drawn from them keep their inputs.
#pragma once

#include <Eigen/Core>

namespace bopp::bo {

// u = (x − lower) / widths, coordinate by coordinate.
struct UnitCube {
  Eigen::VectorXd lower, widths;

  // The rows of X, mapped.
  Eigen::MatrixXd points(const Eigen::MatrixXd& X) const;
  Eigen::VectorXd point(const Eigen::VectorXd& x) const;
  // A gradient in u as a gradient in x: the chain rule's 1 / widths.
  Eigen::VectorXd gradient_in_box(const Eigen::VectorXd& gradient) const;
};

}  // namespace bopp::bo
