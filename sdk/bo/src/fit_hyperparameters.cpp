#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/marginal_likelihood.hpp>
#include <bopp/bo/portable_random.hpp>

#include "likelihood_workspace.hpp"

#include <nlopt.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::bo {

namespace {

// The free coordinates of θ (noise and mean may be held fixed) and their bounds.
struct Search {
  HyperparameterLayout layout;
  std::vector<Eigen::Index> free;
  std::vector<double> lower, upper;
};

Search make_search(Eigen::Index dim, const FitOptions& o) {
  Search s{HyperparameterLayout{dim}, {}, {}, {}};
  const auto& b = o.bounds;
  for (Eigen::Index i = 0; i < dim; ++i) {
    s.free.push_back(i);
    s.lower.push_back(std::log(b.min_lengthscale));
    s.upper.push_back(std::log(b.max_lengthscale));
  }
  s.free.push_back(s.layout.outputscale());
  s.lower.push_back(std::log(b.min_outputscale));
  s.upper.push_back(std::log(b.max_outputscale));
  if (o.learn_noise) {
    s.free.push_back(s.layout.noise());
    s.lower.push_back(std::log(b.min_noise_variance));
    s.upper.push_back(std::log(b.max_noise_variance));
  }
  if (o.learn_mean) {
    s.free.push_back(s.layout.mean());
    s.lower.push_back(-b.max_abs_mean);
    s.upper.push_back(b.max_abs_mean);
  }
  return s;
}

// The objective NLopt minimizes: −(log marginal likelihood + log prior), on the rows of
// `inputs` and `targets` (model units: all of the GP's data, or a subset of it).
struct Objective {
  const GaussianProcess& gp;
  const FitOptions& options;
  const Search& search;
  const Eigen::MatrixXd& inputs;
  const Eigen::VectorXd& targets;
  Eigen::VectorXd theta;  // full θ; the free coordinates are overwritten per call
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_theta;
  int evaluations = 0;
  std::string failure;
  LikelihoodWorkspace workspace;  // reused by every evaluation of the fit

  // θ → hyperparameters, with the fixed ones exactly as given (not through exp ∘ log).
  Hyperparameters unpack(const Eigen::VectorXd& t) const {
    Hyperparameters h = search.layout.unpack(t);
    if (!options.learn_noise) h.noise_variance = gp.noise_variance();
    if (!options.learn_mean) h.mean = gp.mean_constant();
    return h;
  }

  double operator()(const double* x, double* grad) {
    ++evaluations;
    for (std::size_t j = 0; j < search.free.size(); ++j) theta[search.free[j]] = x[j];
    const Hyperparameters h = unpack(theta);
    Kernel kernel = gp.kernel();
    kernel.set_lengthscales(h.lengthscales);
    kernel.set_outputscale(h.outputscale);
    Eigen::VectorXd g;
    double value = log_marginal_likelihood(kernel, h.noise_variance, h.mean, inputs, targets,
                                           grad != nullptr ? &g : nullptr, gp.log(), workspace);
    const auto& p = options.priors;
    if (p.lengthscale) {
      for (Eigen::Index i = 0; i < h.lengthscales.size(); ++i) {
        value += p.lengthscale->log_density(h.lengthscales[i]);
        if (grad != nullptr) g[i] += p.lengthscale->log_density_gradient(h.lengthscales[i]);
      }
    }
    if (p.outputscale) {
      value += p.outputscale->log_density(h.outputscale);
      if (grad != nullptr)
        g[search.layout.outputscale()] += p.outputscale->log_density_gradient(h.outputscale);
    }
    if (p.noise_variance && options.learn_noise) {
      value += p.noise_variance->log_density(h.noise_variance);
      if (grad != nullptr)
        g[search.layout.noise()] += p.noise_variance->log_density_gradient(h.noise_variance);
    }
    if (grad != nullptr)
      for (std::size_t j = 0; j < search.free.size(); ++j) grad[j] = -g[search.free[j]];
    if (-value < best) {
      best = -value;
      best_theta = theta;
    }
    return -value;
  }

  static double call(unsigned, const double* x, double* grad, void* data) {
    auto* self = static_cast<Objective*>(data);
    try {
      return (*self)(x, grad);
    } catch (const std::exception& e) {
      // Usually a covariance that no jitter could rescue: stop this start, keep its best.
      self->failure = e.what();
      return std::numeric_limits<double>::infinity();
    }
  }
};

// Where random starts are drawn, log-uniformly, in model units: the ranges fitted
// hyperparameters usually fall in for unit-cube inputs and standardized outputs.
double random_start(const HyperparameterLayout& layout, Eigen::Index i, std::mt19937_64& rng) {
  auto log_uniform = [&rng](double lo, double hi) {
    return uniform(rng, std::log(lo), std::log(hi));
  };
  if (i < layout.dim) return log_uniform(0.05, 2.0);
  if (i == layout.outputscale()) return log_uniform(0.25, 4.0);
  if (i == layout.noise()) return log_uniform(1e-6, 1e-1);
  return 0.0;  // the constant mean of standardized outputs
}

struct NloptFitDeleter {
  void operator()(nlopt_opt opt) const { nlopt_destroy(opt); }
};

// One L-BFGS run of `objective` from the free coordinates `x`; what it found is kept in
// `objective.best` and `best_theta`, and a failure or an abnormal end is logged (and
// returns false).
bool run_start(Objective& objective, std::vector<double> x, const std::string& name) {
  const Search& search = objective.search;
  const auto n_free = static_cast<unsigned>(search.free.size());
  for (unsigned j = 0; j < n_free; ++j)
    x[j] = std::min(std::max(x[j], search.lower[j]), search.upper[j]);
  std::unique_ptr<nlopt_opt_s, NloptFitDeleter> opt(nlopt_create(NLOPT_LD_LBFGS, n_free));
  nlopt_set_lower_bounds(opt.get(), search.lower.data());
  nlopt_set_upper_bounds(opt.get(), search.upper.data());
  nlopt_set_min_objective(opt.get(), &Objective::call, &objective);
  nlopt_set_maxeval(opt.get(), objective.options.max_evaluations);
  nlopt_set_ftol_rel(opt.get(), objective.options.relative_tolerance);
  double minimum = 0;
  const nlopt_result status = nlopt_optimize(opt.get(), x.data(), &minimum);
  const LogCallback& log = objective.gp.log();
  if (!objective.failure.empty()) {
    log_to(log, "fit_hyperparameters: " + name + " stopped: " + objective.failure);
    objective.failure.clear();
    return false;
  }
  if (status < 0 && status != NLOPT_ROUNDOFF_LIMITED) {
    log_to(log, "fit_hyperparameters: " + name + " ended with NLopt status " +
                    std::to_string(static_cast<int>(status)));
    return false;
  }
  return true;
}

std::vector<double> free_part(const Search& search, const Eigen::VectorXd& theta) {
  std::vector<double> x;
  for (const Eigen::Index i : search.free) x.push_back(theta[i]);
  return x;
}

// `count` of the rows 0..n−1 drawn without replacement (a partial Fisher–Yates shuffle on
// the raw engine, so the draw is the same with every standard library), in ascending order.
std::vector<Eigen::Index> random_rows(Eigen::Index n, Eigen::Index count, std::mt19937_64& rng) {
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) rows[static_cast<std::size_t>(i)] = i;
  for (Eigen::Index i = 0; i < count; ++i) {
    const auto j = i + static_cast<Eigen::Index>(rng() % static_cast<std::uint64_t>(n - i));
    std::swap(rows[static_cast<std::size_t>(i)], rows[static_cast<std::size_t>(j)]);
  }
  rows.resize(static_cast<std::size_t>(count));
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

FitResult fit_hyperparameters(GaussianProcess& gp, const FitOptions& options, std::uint64_t seed) {
  if (gp.size() == 0) throw std::invalid_argument("fit_hyperparameters: the GP holds no data");
  const Search search = make_search(gp.dim(), options);
  std::mt19937_64 rng(seed);
  const Eigen::VectorXd warm = search.layout.pack(gp.hyperparameters());
  auto objective_on = [&](const Eigen::MatrixXd& inputs, const Eigen::VectorXd& targets) {
    return Objective{
        gp, options, search, inputs, targets, warm, std::numeric_limits<double>::infinity(),
        {}, 0,       {},     {}};
  };
  Objective full = objective_on(gp.unit_inputs(), gp.standardized_targets());

  const bool on_subset =
      options.subset_size > 0 && gp.size() >= 2 * Eigen::Index{options.subset_size};
  Eigen::MatrixXd subset_inputs;
  Eigen::VectorXd subset_targets;
  if (on_subset) {
    const std::vector<Eigen::Index> rows = random_rows(gp.size(), options.subset_size, rng);
    subset_inputs = gp.unit_inputs()(rows, Eigen::all);
    subset_targets = gp.standardized_targets()(rows);
  }
  Objective subset = objective_on(subset_inputs, subset_targets);

  FitResult result;
  Objective& starts = on_subset ? subset : full;
  for (int start = options.warm_start ? 0 : 1; start <= options.random_restarts; ++start) {
    Eigen::VectorXd theta = warm;
    if (start > 0)
      for (const Eigen::Index i : search.free) theta[i] = random_start(search.layout, i, rng);
    if (!run_start(starts, free_part(search, theta), "start " + std::to_string(start)))
      ++result.failed_starts;
    ++result.starts;
  }
  if (on_subset) {
    const Eigen::VectorXd& from = std::isfinite(subset.best) ? subset.best_theta : warm;
    if (!run_start(full, free_part(search, from), "polish on all the data")) ++result.failed_starts;
  }
  result.evaluations = full.evaluations;
  result.subset_evaluations = subset.evaluations;
  if (!std::isfinite(full.best))
    throw std::runtime_error("fit_hyperparameters: no start produced a finite likelihood");
  gp.set_hyperparameters(full.unpack(full.best_theta));
  result.objective = -full.best;
  return result;
}

}  // namespace bopp::bo
