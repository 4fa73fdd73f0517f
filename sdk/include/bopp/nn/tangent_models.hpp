// bopp/nn/tangent_models.hpp: the two regression models of sample-then-optimize Thompson
// sampling on an Mlp (Dai et al. 2022, Algorithms 1 and 2), as squared-error fits for
// train_regularized, and the closed-form minimizer of the linear one.
#pragma once

#include <bopp/nn/mlp.hpp>
#include <bopp/nn/regularized_training.hpp>

namespace bopp::nn {

// F(x; θ) = β (f(x; θ) + δ(x)) on the rows of X with fixed offsets δ_j (zero for a plain
// network): the fit of Algorithm 1. X, y and offsets are copied.
SquaredErrorFit network_fit(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            const Eigen::VectorXd& offsets, double beta);

// F(x; θ) = β ⟨∇θ' f(x; θ'), θ⟩, linear in θ on the tangent features at `feature_theta` = θ':
// the fit of Algorithm 2.
SquaredErrorFit tangent_fit(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            const Eigen::VectorXd& feature_theta, double beta);

// The unique minimizer of Σ_j (y_j − β ⟨φ(x_j), θ⟩)² + β² σ² ‖θ − θ0‖² with φ the tangent
// features at θ': θ* = θ0 + Φᵀ (Θ̃ + σ² I)⁻¹ (y/β − Φθ0), Θ̃ = ΦΦᵀ the empirical NTK on the data
// (the push-through identity keeps the solve n × n instead of p × p).
Eigen::VectorXd tangent_regression(const Mlp& mlp, const Eigen::MatrixXd& X,
                                   const Eigen::VectorXd& y, const Eigen::VectorXd& feature_theta,
                                   const Eigen::VectorXd& theta0, double beta,
                                   double noise_variance);

// Gradient descent on the linear model of tangent_fit, exactly as train_regularized runs it with
// options.method = gradient_descent from start = anchor = θ0 (the same loss, λ, learning rate,
// per-parameter step scales, steps and gradient tolerance), computed where its iterates live.
// Every step moves each block of θ (a layer's weights, a layer's biases) along Φ_bᵀ, the block's
// tangent features, so θ_k = θ0 + Σ_b Φ_bᵀ a_{b,k} with a_{b,k} ∈ ℝⁿ, and the step is
//   a_b ← a_b − (η s_b / n) (β r + λ a_b),   r = β Φ θ0 − y + β Σ_b Θ̃_b a_b,
// Θ̃_b = Φ_b Φ_bᵀ the block's part of the empirical NTK, s_b its step scale (which must be
// constant on each block). Blocks of one scale share one a. A step costs O(n² · scales) instead
// of a pass through the network; the result equals train_regularized's up to rounding.
TrainingResult tangent_gradient_descent(const Mlp& mlp, const Eigen::MatrixXd& X,
                                        const Eigen::VectorXd& y,
                                        const Eigen::VectorXd& feature_theta,
                                        const Eigen::VectorXd& theta0, double beta, double lambda,
                                        const TrainingOptions& options);

}  // namespace bopp::nn
