#include "candidate_rows.hpp"

#include <bopp/bo/uniform_point.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <random>

namespace bopp::bbkb {

Eigen::Index uniform_first_arm(std::uint64_t seed, const Points& candidates) {
  std::mt19937_64 first(derive_seed(seed, 0));
  return bo::uniform_row(first, candidates);
}

Eigen::Index nearest_candidate(const Points& candidates, const Eigen::VectorXd& x) {
  Eigen::Index best = 0;
  (candidates.rowwise() - x.transpose()).rowwise().squaredNorm().minCoeff(&best);
  return best;
}

Eigen::Index first_argmax(const Eigen::VectorXd& values) {
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < values.size(); ++i)
    if (values[i] > values[best]) best = i;
  return best;
}

}  // namespace bopp::bbkb
