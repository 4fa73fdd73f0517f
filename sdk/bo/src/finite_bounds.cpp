#include <bopp/bo/finite_bounds.hpp>

#include <cmath>
#include <stdexcept>

namespace bopp::bo {

void require_finite_bounds(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                           const std::string& owner) {
  for (Eigen::Index i = 0; i < lower.size(); ++i) {
    if (std::isfinite(lower[i]) && std::isfinite(upper[i])) continue;
    throw std::invalid_argument(owner + " needs a finite box; dimension " + std::to_string(i) +
                                " is [" + std::to_string(lower[i]) + ", " +
                                std::to_string(upper[i]) + "]");
  }
}

}  // namespace bopp::bo
