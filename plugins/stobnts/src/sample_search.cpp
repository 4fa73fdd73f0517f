#include "sample_search.hpp"

#include <bopp/bo/lockstep_box_minimizer.hpp>
#include <bopp/bo/uniform_point.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace bopp::stobnts {

SampleMaximum maximize_sample(const NetworkSample& sample, const Problem& problem,
                              const SampleSearchOptions& options, std::mt19937_64& rng) {
  if (problem.has_candidates()) {
    const Eigen::VectorXd values = sample.search_values(problem.candidates);
    Eigen::Index best = 0;
    values.maxCoeff(&best);  // the first of equal values
    return {problem.candidates.row(best).transpose(), 0};
  }
  Eigen::MatrixXd points(options.random_points, problem.dim());
  for (Eigen::Index i = 0; i < points.rows(); ++i)
    points.row(i) = bo::uniform_in_box(rng, problem.lower, problem.upper).transpose();
  const Eigen::VectorXd values = sample.search_values(points);
  std::vector<Eigen::Index> order(static_cast<std::size_t>(points.rows()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  const auto starts_count = std::clamp<Eigen::Index>(options.restarts, 1, points.rows());
  std::partial_sort(order.begin(), order.begin() + starts_count, order.end(),
                    [&values](Eigen::Index a, Eigen::Index b) { return values[a] > values[b]; });
  if (options.restarts == 0) return {points.row(order[0]).transpose(), 0};
  Eigen::MatrixXd starts(starts_count, problem.dim());
  for (Eigen::Index k = 0; k < starts_count; ++k)
    starts.row(k) = points.row(order[static_cast<std::size_t>(k)]);
  const bo::BatchSmoothFunction negated = [&sample](const Eigen::MatrixXd& X, Eigen::VectorXd& v,
                                                    Eigen::MatrixXd& g) {
    sample.values_and_gradients(X, v, g);
    v = -v;
    g = -g;
  };
  const bo::BoxMinimum best =
      bo::minimize_in_box_lockstep(negated, problem.lower, problem.upper, starts);
  return {best.x, best.evaluations};
}

}  // namespace bopp::stobnts
