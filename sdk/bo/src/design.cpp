#include <bopp/bo/design.hpp>

#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/sobol_sequence.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace bopp::bo {

Eigen::MatrixXd sobol_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed) {
  if (n < 0 || dim < 1) throw std::invalid_argument("sobol_design: need n >= 0 and dim >= 1");
  SobolSequence sequence(static_cast<std::size_t>(dim), seed);
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> X(n, dim);
  for (Eigen::Index i = 0; i < n; ++i) {
    sequence.next({X.data() + i * dim, static_cast<std::size_t>(dim)});
  }
  return X;
}

Eigen::MatrixXd latin_hypercube_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed) {
  if (n < 0 || dim < 1)
    throw std::invalid_argument("latin_hypercube_design: need n >= 0 and dim >= 1");
  std::mt19937_64 rng(seed);
  Eigen::MatrixXd X(n, dim);
  std::vector<Eigen::Index> strata(static_cast<std::size_t>(n));
  for (Eigen::Index j = 0; j < dim; ++j) {
    std::iota(strata.begin(), strata.end(), Eigen::Index{0});
    // Fisher–Yates by portable draws (std::shuffle's order differs between libraries).
    for (std::size_t i = strata.size(); i > 1; --i)
      std::swap(strata[i - 1], strata[uniform_index(rng, i)]);
    for (Eigen::Index i = 0; i < n; ++i)
      X(i, j) = (static_cast<double>(strata[static_cast<std::size_t>(i)]) + unit_interval(rng())) /
                static_cast<double>(n);
  }
  return X;
}

Eigen::MatrixXd scale_to_box(const Eigen::MatrixXd& unit, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper) {
  return ((unit.array().rowwise() * (upper - lower).transpose().array()).rowwise() +
          lower.transpose().array())
      .matrix();
}

}  // namespace bopp::bo
