#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/lockstep_box_minimizer.hpp>

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace bopp::bo {

namespace {

// Every start as one L-BFGS problem: minimizes −Σ_j a(x_j) over the stacked x = (x_1, …, x_k)
// in the stacked box, and returns the best single point any evaluation saw.
AcquisitionMaximum maximize_from_batch(const Acquisition& acquisition, const Eigen::VectorXd& lower,
                                       const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts,
                                       const AcquisitionOptimizerOptions& options) {
  const Eigen::Index d = lower.size(), k = starts.rows();
  Eigen::MatrixXd points(k, d), gradients(d, k);
  Eigen::VectorXd values(k);
  AcquisitionMaximum best;
  best.value = -std::numeric_limits<double>::infinity();
  const SmoothFunction negated_sum = [&](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
    // Stacked: point j is x[j d, (j + 1) d), and its gradient column j of `gradients`.
    points = Eigen::Map<const Eigen::MatrixXd>(x.data(), d, k).transpose();
    acquisition.values_with_gradients(points, values, gradients);
    for (Eigen::Index j = 0; j < k; ++j) {
      if (values[j] > best.value) {
        best.value = values[j];
        best.x = points.row(j).transpose();
      }
    }
    if (gradient != nullptr)
      *gradient = -Eigen::Map<const Eigen::VectorXd>(gradients.data(), d * k);
    return -values.sum();
  };
  const Eigen::MatrixXd stacked_start = starts.transpose().reshaped(1, d * k);
  minimize_in_box(negated_sum, lower.replicate(k, 1), upper.replicate(k, 1), stacked_start,
                  {options.max_evaluations, options.relative_tolerance});
  return best;
}

}  // namespace

AcquisitionMaximum maximize_acquisition(const Acquisition& acquisition,
                                        const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                        const AcquisitionOptimizerOptions& options,
                                        std::uint64_t seed, const Eigen::MatrixXd& extra_starts) {
  const Eigen::Index d = acquisition.dim();
  if (lower.size() != d || upper.size() != d)
    throw std::invalid_argument("maximize_acquisition: bounds and acquisition differ in dimension");
  if (extra_starts.rows() > 0 && extra_starts.cols() != d)
    throw std::invalid_argument(
        "maximize_acquisition: extra_starts must have one column per dimension");
  const Eigen::MatrixXd raw =
      scale_to_box(sobol_design(std::max(1, options.raw_samples), d, seed), lower, upper);
  const Eigen::VectorXd raw_values = acquisition.values(raw);

  std::vector<Eigen::Index> order(static_cast<std::size_t>(raw.rows()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  const auto starts_from_raw =
      std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(0, options.restarts)));
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(starts_from_raw),
                    order.end(),
                    [&](Eigen::Index a, Eigen::Index b) { return raw_values[a] > raw_values[b]; });

  AcquisitionMaximum best;
  Eigen::Index best_raw = 0;
  raw_values.maxCoeff(&best_raw);
  best.x = raw.row(best_raw).transpose();
  best.value = raw_values[best_raw];

  Eigen::MatrixXd starts(static_cast<Eigen::Index>(starts_from_raw) + extra_starts.rows(), d);
  for (std::size_t i = 0; i < starts_from_raw; ++i)
    starts.row(static_cast<Eigen::Index>(i)) = raw.row(order[i]);
  if (extra_starts.rows() > 0) starts.bottomRows(extra_starts.rows()) = extra_starts;
  if (starts.rows() == 0) return best;

  if (options.batch_starts && starts.rows() > 1) {
    const AcquisitionMaximum batched =
        maximize_from_batch(acquisition, lower, upper, starts, options);
    if (batched.value > best.value) return batched;
    return best;
  }

  const BoxMinimizerOptions runs{options.max_evaluations, options.relative_tolerance};
  BoxMinimum minimum;
  if (options.lockstep_starts && starts.rows() > 1) {
    Eigen::MatrixXd columns;  // the acquisition's gradients, one column per point
    const BatchSmoothFunction negated = [&acquisition, &columns](const Eigen::MatrixXd& X,
                                                                 Eigen::VectorXd& values,
                                                                 Eigen::MatrixXd& gradients) {
      acquisition.values_with_gradients(X, values, columns);
      values = -values;
      gradients = -columns.transpose();
    };
    minimum = minimize_in_box_lockstep(negated, lower, upper, starts, runs);
  } else {
    const SmoothFunction negated = [&acquisition](const Eigen::VectorXd& x,
                                                  Eigen::VectorXd* gradient) {
      const double v = acquisition.value(x, gradient);
      if (gradient != nullptr) *gradient = -*gradient;
      return -v;
    };
    minimum = minimize_in_box(negated, lower, upper, starts, runs);
  }
  if (-minimum.value > best.value) {
    best.value = -minimum.value;
    best.x = minimum.x;
  }
  return best;
}

AcquisitionMaximum maximize_over_candidates(const Acquisition& acquisition,
                                            const Eigen::MatrixXd& candidates,
                                            const std::vector<bool>& excluded) {
  if (!excluded.empty() && excluded.size() != static_cast<std::size_t>(candidates.rows()))
    throw std::invalid_argument(
        "maximize_over_candidates: one exclusion flag per candidate expected");
  const Eigen::VectorXd values = acquisition.values(candidates);
  AcquisitionMaximum best;
  best.value = -std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < candidates.rows(); ++i) {
    if (!excluded.empty() && excluded[static_cast<std::size_t>(i)]) continue;
    if (best.index < 0 || values[i] > best.value) {
      best.index = i;
      best.value = values[i];
    }
  }
  if (best.index < 0)
    throw std::invalid_argument("maximize_over_candidates: every candidate is excluded");
  best.x = candidates.row(best.index).transpose();
  return best;
}

}  // namespace bopp::bo
