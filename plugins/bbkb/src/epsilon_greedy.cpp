#include "epsilon_greedy.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/uniform_point.hpp>
#include <bopp/kit/host_design.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <limits>
#include <random>
#include <stdexcept>

namespace bopp::bbkb {

std::vector<Param> EpsilonGreedy::params() {
  // The host's design needs nothing of it: its points join the arm totals like any told point.
  return {
      Param::real("epsilon", 0.1, "the probability of a uniformly drawn candidate").range(0.0, 1.0),
      design_from_host_param()};
}

EpsilonGreedy::EpsilonGreedy(const Problem& problem, const Config& config, std::uint64_t seed,
                             const Host&)
    : problem_(problem),
      epsilon_(config.real("epsilon")),
      seed_(seed),
      totals_(problem_.candidates.rows()) {
  if (!problem_.has_candidates())
    throw std::invalid_argument(
        "algorithm 'eps-greedy' needs an objective with a finite candidate set");
}

Points EpsilonGreedy::ask(std::size_t max_points) {
  Points X(static_cast<Eigen::Index>(max_points), problem_.dim());
  const Eigen::Index greedy = best_observed();
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    std::mt19937_64 rng(derive_seed(seed_, asked_++));
    const bool explore = greedy < 0 || bo::unit_interval(rng()) < epsilon_;
    const Eigen::Index arm = explore ? bo::uniform_row(rng, problem_.candidates) : greedy;
    X.row(r) = problem_.candidates.row(arm);
  }
  return X;
}

void EpsilonGreedy::tell(const Points& X, const Eigen::VectorXd& y,
                         std::span<const std::int32_t> status) {
  totals_.add(problem_.candidates, X, y, status);
}

// -1 before any observation.
Eigen::Index EpsilonGreedy::best_observed() const {
  Eigen::Index best = -1;
  const Eigen::VectorXd& n = totals_.counts;
  const Eigen::VectorXd& s = totals_.sums;
  for (Eigen::Index i = 0; i < n.size(); ++i) {
    if (n[i] == 0.0) continue;
    if (best < 0 || s[i] / n[i] > s[best] / n[best]) best = i;
  }
  return best;
}

Eigen::VectorXd EpsilonGreedy::recommend() const {
  const Eigen::Index best = best_observed();
  return problem_.candidates.row(best < 0 ? 0 : best).transpose();
}

}  // namespace bopp::bbkb
