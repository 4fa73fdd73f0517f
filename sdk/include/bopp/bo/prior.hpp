// bopp/bo/prior.hpp: priors on GP hyperparameters, for maximum-a-posteriori fitting.
#pragma once

#include <optional>

namespace bopp::bo {

// Gamma(concentration a, rate b) on a positive hyperparameter p:
//   log density = a log b − log Γ(a) + (a − 1) log p − b p.
// As in GPyTorch, the density is on p itself (no Jacobian of the log parameterization).
struct GammaPrior {
  double concentration;
  double rate;
  double log_density(double p) const;
  // d log density / d log p = (a − 1) − b p.
  double log_density_gradient(double p) const;
};

// One optional prior per kind of hyperparameter (every lengthscale shares one).
struct HyperparameterPriors {
  std::optional<GammaPrior> lengthscale;
  std::optional<GammaPrior> outputscale;
  std::optional<GammaPrior> noise_variance;

  // BoTorch's SingleTaskGP defaults before 0.12 (for inputs in the unit cube and
  // standardized outputs): ℓ ~ Gamma(3, 6), σ_f² ~ Gamma(2, 0.15), σ_n² ~ Gamma(1.1, 0.05).
  static HyperparameterPriors botorch();
};

}  // namespace bopp::bo
