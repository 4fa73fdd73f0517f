// The per-sample gradients of Wei et al. 2025, eq. (3): g_i = ∂ log p(y | X, θ)/∂y_i =
// −(K_y⁻¹(y − m))_i, one scalar per observation, in the standardized units of a fitted GP
// (its θ, prior mean and output scaling held fixed).
#pragma once

#include <bopp/bo/gaussian_process.hpp>

#include <Eigen/Core>

#include <vector>

namespace bopp::gssbo {

// Gradients for every row of (X, y) from `gp`, a GP conditioned on the rows `members` of X (in
// that order). Members get −α, eq. (3) on the members; every other row i gets eq. (3) on the
// members and i, by the leave-one-out identity (Rasmussen & Williams 2006, eq. 5.12):
// −(z_i − μ(x_i)) / (σ²(x_i) + σ_n²). Costs one batched prediction at the non-members,
// O((n − M)(M d + M²)) against the factor `gp` already holds.
Eigen::VectorXd pilot_gradients(const bo::GaussianProcess& gp,
                                const std::vector<Eigen::Index>& members, const Eigen::MatrixXd& X,
                                const Eigen::VectorXd& y);

// Gradients of eq. (3) on all of (X, y) with `gp`'s hyperparameters and output scaling: one
// O(n³) factorization of K_D.
Eigen::VectorXd exact_gradients(const bo::GaussianProcess& gp, const Eigen::MatrixXd& X,
                                const Eigen::VectorXd& y);

}  // namespace bopp::gssbo
