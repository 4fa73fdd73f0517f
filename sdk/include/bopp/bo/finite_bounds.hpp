// bopp/bo/finite_bounds.hpp: the check every method that draws or steps inside the box makes.
#pragma once

#include <Eigen/Core>

#include <string>

namespace bopp::bo {

// Throws std::invalid_argument naming `owner` (e.g. "algorithm 'gibo'") and the first
// dimension whose bound is infinite or NaN.
void require_finite_bounds(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                           const std::string& owner);

}  // namespace bopp::bo
