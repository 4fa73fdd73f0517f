#include "epsilon_greedy.hpp"

#include "candidate_rows.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <limits>
#include <random>
#include <stdexcept>

namespace bopp::bbkb {

std::vector<Param> EpsilonGreedy::params() {
  return {Param::real("epsilon", 0.1, "the probability of a uniformly drawn candidate")
              .range(0.0, 1.0)};
}

EpsilonGreedy::EpsilonGreedy(const Problem& problem, const Config& config, std::uint64_t seed,
                             const Host&)
    : problem_(problem), epsilon_(config.real("epsilon")), seed_(seed) {
  if (!problem_.has_candidates())
    throw std::invalid_argument(
        "algorithm 'eps-greedy' needs an objective with a finite candidate set");
  counts_ = Eigen::VectorXd::Zero(problem_.candidates.rows());
  sums_ = Eigen::VectorXd::Zero(problem_.candidates.rows());
}

Points EpsilonGreedy::ask(std::size_t max_points) {
  Points X(static_cast<Eigen::Index>(max_points), problem_.dim());
  const Eigen::Index greedy = best_observed();
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    std::mt19937_64 rng(derive_seed(seed_, asked_++));
    const bool explore = greedy < 0 || bo::unit_interval(rng()) < epsilon_;
    const Eigen::Index arm = explore
                                 ? static_cast<Eigen::Index>(bo::uniform_index(
                                       rng, static_cast<std::uint64_t>(problem_.candidates.rows())))
                                 : greedy;
    X.row(r) = problem_.candidates.row(arm);
  }
  return X;
}

void EpsilonGreedy::tell(const Points& X, const Eigen::VectorXd& y,
                         std::span<const std::int32_t> status) {
  for (const Eigen::Index r : bo::successful_rows(y, status)) {
    const Eigen::Index arm = nearest_candidate(problem_.candidates, X.row(r).transpose());
    counts_[arm] += 1.0;
    sums_[arm] += y[r];
  }
}

// -1 before any observation.
Eigen::Index EpsilonGreedy::best_observed() const {
  Eigen::Index best = -1;
  for (Eigen::Index i = 0; i < counts_.size(); ++i) {
    if (counts_[i] == 0.0) continue;
    if (best < 0 || sums_[i] / counts_[i] > sums_[best] / counts_[best]) best = i;
  }
  return best;
}

Eigen::VectorXd EpsilonGreedy::recommend() const {
  const Eigen::Index best = best_observed();
  return problem_.candidates.row(best < 0 ? 0 : best).transpose();
}

}  // namespace bopp::bbkb
