#include <bopp/bo/uniform_point.hpp>

#include <bopp/bo/portable_random.hpp>

#include <cstdint>

namespace bopp::bo {

Eigen::VectorXd uniform_in_box(std::mt19937_64& rng, const Eigen::VectorXd& lower,
                               const Eigen::VectorXd& upper) {
  Eigen::VectorXd x(lower.size());
  for (Eigen::Index j = 0; j < x.size(); ++j) x[j] = uniform(rng, lower[j], upper[j]);
  return x;
}

Eigen::Index uniform_row(std::mt19937_64& rng, const Points& candidates) {
  return static_cast<Eigen::Index>(
      uniform_index(rng, static_cast<std::uint64_t>(candidates.rows())));
}

}  // namespace bopp::bo
