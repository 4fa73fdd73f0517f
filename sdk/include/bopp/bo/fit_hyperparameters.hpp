// bopp/bo/fit_hyperparameters.hpp: maximum-(a-posteriori-)likelihood hyperparameters.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/prior.hpp>

#include <cstdint>

namespace bopp::bo {

// Box of the search, in model units (unit-cube inputs, standardized outputs).
struct HyperparameterBounds {
  double min_lengthscale = 1e-3;
  double max_lengthscale = 1e2;
  double min_outputscale = 1e-3;
  double max_outputscale = 1e2;
  // 1e-8 lets a noiseless objective be interpolated closely; the Cholesky adds jitter
  // (and says so) when that is too little for the data.
  double min_noise_variance = 1e-8;
  double max_noise_variance = 10.0;
  double max_abs_mean = 10.0;
};

struct FitOptions {
  // Starts besides the warm start (the GP's current hyperparameters): drawn at random,
  // log-uniformly in a central part of the bounds.
  int random_restarts = 3;
  // false: the warm start does not run, only the random restarts (a second search after a
  // warm-started one, see FitRestartSchedule); the GP's hyperparameters still give the
  // coordinates that are not searched.
  bool warm_start = true;
  // Likelihood evaluations allowed per start (L-BFGS iterations take about one each).
  int max_evaluations = 200;
  // Relative tolerance on the objective at which a start stops.
  double relative_tolerance = 1e-7;
  // With at least twice this many points, every start runs first on a random subset of
  // this size, and only the best of them is then polished on all the data: the starts and
  // most iterations cost the subset's n³ instead of the data's. The subset's optimum is
  // near the full one (more data sharpen the likelihood, they rarely move its mode), so
  // the polish takes a few evaluations. 0 turns it off.
  int subset_size = 500;
  bool learn_noise = true;      // false: keep the GP's noise variance
  bool learn_mean = true;       // false: keep the GP's constant mean
  HyperparameterPriors priors;  // none by default: maximum likelihood
  HyperparameterBounds bounds;
};

struct FitResult {
  double objective = 0.0;      // log marginal likelihood + log prior density at the optimum
  int evaluations = 0;         // on all the data, over all starts and the polish
  int subset_evaluations = 0;  // on the subset (see FitOptions::subset_size)
  int starts = 0;
  int failed_starts = 0;  // starts stopped by an error or ended abnormally (and logged)
};

// Maximizes log p(y | θ) + log p(θ) over the hyperparameters of a conditioned `gp` with
// NLopt's box-constrained L-BFGS (analytic gradients), from the current hyperparameters
// (unless options.warm_start is false) and `random_restarts` random points; leaves the best in `gp`
// and refactors it. Draws (the random starts and the subset) come from `seed`. Throws
// std::invalid_argument when the GP holds no data.
FitResult fit_hyperparameters(GaussianProcess& gp, const FitOptions& options, std::uint64_t seed);

}  // namespace bopp::bo
