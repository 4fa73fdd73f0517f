#include "median_distance.hpp"

#include <algorithm>
#include <vector>

namespace bopp::bbkb {

double median_distance(const Points& candidates) {
  constexpr Eigen::Index most = 512;
  const Eigen::Index n = candidates.rows();
  const Eigen::Index m = std::min(n, most);
  Points sample(m, candidates.cols());
  for (Eigen::Index i = 0; i < m; ++i) sample.row(i) = candidates.row(i * n / m);
  std::vector<double> distances;
  distances.reserve(static_cast<std::size_t>(m * (m - 1) / 2));
  for (Eigen::Index i = 0; i < m; ++i)
    for (Eigen::Index j = i + 1; j < m; ++j)
      distances.push_back((sample.row(i) - sample.row(j)).norm());
  if (distances.empty()) return 1.0;
  const auto middle = distances.begin() + static_cast<std::ptrdiff_t>(distances.size() / 2);
  std::nth_element(distances.begin(), middle, distances.end());
  return *middle > 0.0 ? *middle : 1.0;
}

}  // namespace bopp::bbkb
