// bopp/bo/gradient_posterior.hpp: the posterior of ∇f(x) under a GP.
#pragma once

#include <bopp/bo/gaussian_process.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// ∇f(x) | data ~ N(mean, covariance), in the user's units (per unit of x, per unit of y).
struct GradientPosterior {
  Eigen::VectorXd mean;        // ∇k(x, X) α
  Eigen::MatrixXd covariance;  // ∂²k(x, x)/∂x∂x'ᵀ − ∇k(x, X) K_y⁻¹ ∇k(x, X)ᵀ
};

// The posterior of the gradient of f at x (Rasmussen & Williams 2006, §9.4; Müller et al.
// 2021, eq. 4 for GIBO). Needs a differentiable kernel: throws std::invalid_argument for
// matern12.
GradientPosterior gradient_posterior(const GaussianProcess& gp, const Eigen::VectorXd& x);

}  // namespace bopp::bo
