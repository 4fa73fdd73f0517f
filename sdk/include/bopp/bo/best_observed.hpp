// bopp/bo/best_observed.hpp: the recommendation of a method that recommends what it has seen.
#pragma once

#include <Eigen/Core>

namespace bopp::bo {

// The row of X (successful observations) of largest y, the first of equal ones; the centre of
// the box [lower, upper] before any observation.
Eigen::VectorXd best_observed(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                              const Eigen::VectorXd& lower, const Eigen::VectorXd& upper);

}  // namespace bopp::bo
