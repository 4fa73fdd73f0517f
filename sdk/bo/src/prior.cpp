#include <bopp/bo/prior.hpp>

#include <cmath>

namespace bopp::bo {

double GammaPrior::log_density(double p) const {
  return concentration * std::log(rate) - std::lgamma(concentration) +
         (concentration - 1) * std::log(p) - rate * p;
}

double GammaPrior::log_density_gradient(double p) const { return (concentration - 1) - rate * p; }

HyperparameterPriors HyperparameterPriors::botorch() {
  HyperparameterPriors p;
  p.lengthscale = GammaPrior{3.0, 6.0};
  p.outputscale = GammaPrior{2.0, 0.15};
  p.noise_variance = GammaPrior{1.1, 0.05};
  return p;
}

}  // namespace bopp::bo
