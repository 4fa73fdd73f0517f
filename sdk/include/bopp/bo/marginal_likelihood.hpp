// bopp/bo/marginal_likelihood.hpp: the log marginal likelihood of a GP and its gradient.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/kernel.hpp>
#include <bopp/bo/log.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// Layout of the hyperparameter vector θ the likelihood is differentiated in:
//   θ = [log ℓ_1 … log ℓ_d, log σ_f², log σ_n², c]   (size d + 3)
// Logs keep the positive parameters positive and make the optimizer's steps relative.
struct HyperparameterLayout {
  Eigen::Index dim;
  Eigen::Index size() const { return dim + 3; }
  Eigen::Index outputscale() const { return dim; }
  Eigen::Index noise() const { return dim + 1; }
  Eigen::Index mean() const { return dim + 2; }
  Eigen::VectorXd pack(const Hyperparameters& h) const;
  Hyperparameters unpack(const Eigen::VectorXd& theta) const;
};

// log p(z | U, θ) = −½ (z − c)ᵀ K_y⁻¹ (z − c) − ½ log |K_y| − (n/2) log 2π,  K_y = K + σ_n² I,
// for model-unit inputs U (rows) and targets z. When `gradient` is not null it receives
// ∂/∂θ in the layout above: ½ tr((ααᵀ − K_y⁻¹) ∂K_y/∂θ) and 1ᵀα for c (Rasmussen &
// Williams 2006, eq. 5.9). K_y⁻¹ for the trace is formed from the factor's inverse, which the
// factorization produces beside the factor (n³ flops in all), the one place the toolkit needs
// it whole.
double log_marginal_likelihood(const Kernel& kernel, double noise_variance, double mean,
                               const Eigen::MatrixXd& U, const Eigen::VectorXd& z,
                               Eigen::VectorXd* gradient = nullptr, const LogCallback& log = {});

// The same for the data and hyperparameters a GaussianProcess holds (in model units).
double log_marginal_likelihood(const GaussianProcess& gp, Eigen::VectorXd* gradient = nullptr);

}  // namespace bopp::bo
