#include <bopp/bo/design.hpp>

#include <boost/random/sobol.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace bopp::bo {

Eigen::MatrixXd sobol_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed) {
  if (n < 0 || dim < 1) throw std::invalid_argument("sobol_design: need n >= 0 and dim >= 1");
  boost::random::sobol engine(static_cast<std::size_t>(dim));
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> shift(static_cast<std::size_t>(dim));
  for (auto& s : shift) s = rng();
  Eigen::MatrixXd X(n, dim);
  // The engine yields the coordinates of one point after another, as 64-bit fractions,
  // starting from the sequence's second point: the first, the origin, is added here so
  // that every prefix of 2^k points is a (t, k, d)-net.
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < dim; ++j) {
      const std::uint64_t point = i == 0 ? 0 : static_cast<std::uint64_t>(engine());
      const std::uint64_t bits = point ^ shift[static_cast<std::size_t>(j)];
      X(i, j) = static_cast<double>(bits >> 11) * 0x1.0p-53;
    }
  return X;
}

Eigen::MatrixXd latin_hypercube_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed) {
  if (n < 0 || dim < 1) throw std::invalid_argument("latin_hypercube_design: need n >= 0 and dim >= 1");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Eigen::MatrixXd X(n, dim);
  std::vector<Eigen::Index> strata(static_cast<std::size_t>(n));
  for (Eigen::Index j = 0; j < dim; ++j) {
    std::iota(strata.begin(), strata.end(), Eigen::Index{0});
    std::shuffle(strata.begin(), strata.end(), rng);
    for (Eigen::Index i = 0; i < n; ++i)
      X(i, j) = (static_cast<double>(strata[static_cast<std::size_t>(i)]) + uniform(rng)) / static_cast<double>(n);
  }
  return X;
}

Eigen::MatrixXd scale_to_box(const Eigen::MatrixXd& unit, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper) {
  return ((unit.array().rowwise() * (upper - lower).transpose().array()).rowwise() +
          lower.transpose().array()).matrix();
}

}  // namespace bopp::bo
