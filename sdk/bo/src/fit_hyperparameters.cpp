#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/marginal_likelihood.hpp>

#include "likelihood_workspace.hpp"

#include <nlopt.h>

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

// The objective NLopt minimizes: −(log marginal likelihood + log prior).
struct Objective {
  const GaussianProcess& gp;
  const FitOptions& options;
  const Search& search;
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
    double value = log_marginal_likelihood(kernel, h.noise_variance, h.mean, gp.unit_inputs(),
                                           gp.standardized_targets(), grad != nullptr ? &g : nullptr,
                                           gp.log(), workspace);
    const auto& p = options.priors;
    if (p.lengthscale) {
      for (Eigen::Index i = 0; i < h.lengthscales.size(); ++i) {
        value += p.lengthscale->log_density(h.lengthscales[i]);
        if (grad != nullptr) g[i] += p.lengthscale->log_density_gradient(h.lengthscales[i]);
      }
    }
    if (p.outputscale) {
      value += p.outputscale->log_density(h.outputscale);
      if (grad != nullptr) g[search.layout.outputscale()] += p.outputscale->log_density_gradient(h.outputscale);
    }
    if (p.noise_variance && options.learn_noise) {
      value += p.noise_variance->log_density(h.noise_variance);
      if (grad != nullptr) g[search.layout.noise()] += p.noise_variance->log_density_gradient(h.noise_variance);
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
    return std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng);
  };
  if (i < layout.dim) return log_uniform(0.05, 2.0);
  if (i == layout.outputscale()) return log_uniform(0.25, 4.0);
  if (i == layout.noise()) return log_uniform(1e-6, 1e-1);
  return 0.0;  // the constant mean of standardized outputs
}

struct OptDeleter {
  void operator()(nlopt_opt opt) const { nlopt_destroy(opt); }
};

}  // namespace

FitResult fit_hyperparameters(GaussianProcess& gp, const FitOptions& options, std::uint64_t seed) {
  if (gp.size() == 0) throw std::invalid_argument("fit_hyperparameters: the GP holds no data");
  const Search search = make_search(gp.dim(), options);
  const auto n_free = static_cast<unsigned>(search.free.size());
  std::mt19937_64 rng(seed);

  Objective objective{gp, options, search, search.layout.pack(gp.hyperparameters()),
                      std::numeric_limits<double>::infinity(), {}, 0, {}, {}};
  const Eigen::VectorXd warm = objective.theta;
  FitResult result;
  for (int start = 0; start <= options.random_restarts; ++start) {
    std::vector<double> x(n_free);
    for (unsigned j = 0; j < n_free; ++j) {
      const Eigen::Index i = search.free[j];
      double value = warm[i];
      if (start > 0) value = random_start(search.layout, i, rng);
      x[j] = std::min(std::max(value, search.lower[j]), search.upper[j]);
    }
    std::unique_ptr<nlopt_opt_s, OptDeleter> opt(nlopt_create(NLOPT_LD_LBFGS, n_free));
    nlopt_set_lower_bounds(opt.get(), search.lower.data());
    nlopt_set_upper_bounds(opt.get(), search.upper.data());
    nlopt_set_min_objective(opt.get(), &Objective::call, &objective);
    nlopt_set_maxeval(opt.get(), options.max_evaluations);
    nlopt_set_ftol_rel(opt.get(), options.relative_tolerance);
    double minimum = 0;
    const nlopt_result status = nlopt_optimize(opt.get(), x.data(), &minimum);
    if (!objective.failure.empty()) {
      log_to(gp.log(), "fit_hyperparameters: start " + std::to_string(start) +
                           " stopped: " + objective.failure);
      objective.failure.clear();
    } else if (status < 0 && status != NLOPT_ROUNDOFF_LIMITED) {
      log_to(gp.log(), "fit_hyperparameters: start " + std::to_string(start) +
                           " ended with NLopt status " + std::to_string(static_cast<int>(status)));
    }
    ++result.starts;
  }
  result.evaluations = objective.evaluations;
  if (!std::isfinite(objective.best))
    throw std::runtime_error("fit_hyperparameters: no start produced a finite likelihood");
  gp.set_hyperparameters(objective.unpack(objective.best_theta));
  result.objective = -objective.best;
  return result;
}

}  // namespace bopp::bo
