#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/design.hpp>

#include <nlopt.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace bopp::bo {

namespace {

struct Run {
  const Acquisition& acquisition;
  Eigen::VectorXd x, gradient;
  double best = -std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_x;

  static double call(unsigned n, const double* x, double* grad, void* data) {
    auto& self = *static_cast<Run*>(data);
    self.x = Eigen::Map<const Eigen::VectorXd>(x, n);
    const double v = self.acquisition.value(self.x, grad != nullptr ? &self.gradient : nullptr);
    if (grad != nullptr) Eigen::Map<Eigen::VectorXd>(grad, n) = self.gradient;
    if (v > self.best) {
      self.best = v;
      self.best_x = self.x;
    }
    return v;
  }
};

struct OptDeleter {
  void operator()(nlopt_opt opt) const { nlopt_destroy(opt); }
};

}  // namespace

AcquisitionMaximum maximize_acquisition(const Acquisition& acquisition, const Eigen::VectorXd& lower,
                                        const Eigen::VectorXd& upper,
                                        const AcquisitionOptimizerOptions& options, std::uint64_t seed,
                                        const Eigen::MatrixXd& extra_starts) {
  const Eigen::Index d = acquisition.dim();
  if (lower.size() != d || upper.size() != d)
    throw std::invalid_argument("maximize_acquisition: bounds and acquisition differ in dimension");
  const Eigen::MatrixXd raw = scale_to_box(sobol_design(std::max(1, options.raw_samples), d, seed), lower, upper);
  const Eigen::VectorXd raw_values = acquisition.values(raw);

  std::vector<Eigen::Index> order(static_cast<std::size_t>(raw.rows()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  const auto starts_from_raw = std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(0, options.restarts)));
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(starts_from_raw), order.end(),
                    [&](Eigen::Index a, Eigen::Index b) { return raw_values[a] > raw_values[b]; });

  AcquisitionMaximum best;
  Eigen::Index best_raw = 0;
  raw_values.maxCoeff(&best_raw);
  best.x = raw.row(best_raw).transpose();
  best.value = raw_values[best_raw];

  std::vector<Eigen::VectorXd> starts;
  for (std::size_t i = 0; i < starts_from_raw; ++i) starts.emplace_back(raw.row(order[i]).transpose());
  for (Eigen::Index i = 0; i < extra_starts.rows(); ++i)
    starts.emplace_back(extra_starts.row(i).transpose().cwiseMax(lower).cwiseMin(upper));

  const auto n = static_cast<unsigned>(d);
  for (const Eigen::VectorXd& start : starts) {
    std::unique_ptr<nlopt_opt_s, OptDeleter> opt(nlopt_create(NLOPT_LD_LBFGS, n));
    nlopt_set_lower_bounds(opt.get(), lower.data());
    nlopt_set_upper_bounds(opt.get(), upper.data());
    Run run{acquisition, {}, {}, -std::numeric_limits<double>::infinity(), {}};
    nlopt_set_max_objective(opt.get(), &Run::call, &run);
    nlopt_set_maxeval(opt.get(), options.max_evaluations);
    nlopt_set_ftol_rel(opt.get(), options.relative_tolerance);
    std::vector<double> x(start.data(), start.data() + d);
    double value = 0;
    nlopt_optimize(opt.get(), x.data(), &value);  // failures leave the best point seen
    if (run.best > best.value) {
      best.value = run.best;
      best.x = run.best_x.cwiseMax(lower).cwiseMin(upper);
    }
  }
  return best;
}

AcquisitionMaximum maximize_over_candidates(const Acquisition& acquisition,
                                            const Eigen::MatrixXd& candidates,
                                            const std::vector<bool>& excluded) {
  if (!excluded.empty() && excluded.size() != static_cast<std::size_t>(candidates.rows()))
    throw std::invalid_argument("maximize_over_candidates: one exclusion flag per candidate expected");
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
  if (best.index < 0) throw std::invalid_argument("maximize_over_candidates: every candidate is excluded");
  best.x = candidates.row(best.index).transpose();
  return best;
}

}  // namespace bopp::bo
