#include <bopp/bo/initial_design.hpp>

#include <bopp/bo/design.hpp>

#include <algorithm>

namespace bopp::bo {

InitialDesign::InitialDesign(Eigen::Index n, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper, std::uint64_t seed)
    : points_(scale_to_box(sobol_design(n, lower.size(), seed), lower, upper)) {}

Eigen::MatrixXd InitialDesign::take(Eigen::Index count) {
  const Eigen::Index n = std::min(count, points_.rows() - used_);
  Eigen::MatrixXd out = points_.middleRows(used_, n);
  used_ += n;
  return out;
}

}  // namespace bopp::bo
