#include <bopp/host/run/loop/discrete_rounding.hpp>

#include <algorithm>
#include <cmath>

namespace bopp::host {

void round_discrete(const bopp::Problem& problem, bopp::Points& X) {
  if (problem.kinds.empty()) return;
  for (Eigen::Index i = 0; i < problem.dim(); ++i) {
    if (problem.kind(i) == bopp::DimensionKind::continuous) continue;
    const double lo = std::ceil(problem.lower[i]);
    const double hi = std::floor(problem.upper[i]);
    for (Eigen::Index r = 0; r < X.rows(); ++r) X(r, i) = std::clamp(std::round(X(r, i)), lo, hi);
  }
}

}  // namespace bopp::host
