// bopp/nn/regularized_training.hpp: fitting parameters to data by full-batch gradient descent
// on a squared error plus a pull toward a reference point (the anchored, "sample-then-
// optimize" loss of He et al. 2020 and Dai et al. 2022, eq. 1).
#pragma once

#include <Eigen/Core>

#include <functional>

namespace bopp::nn {

// ½ Σ_j (F(x_j; θ) − y_j)² for fixed data, and its gradient in θ written into `gradient`.
using SquaredErrorFit =
    std::function<double(const Eigen::VectorXd& theta, Eigen::VectorXd& gradient)>;

struct TrainingOptions {
  // η of the mean-scaled loss below (the scaling of the reference code of Dai et al.).
  double learning_rate = 1e-3;
  int max_steps = 10000;
  // Stop once ‖∇‖ ≤ gradient_tolerance · ‖∇ at the start‖; 0 runs all max_steps.
  double gradient_tolerance = 0.0;
  // Per-parameter multipliers of η (Mlp::standard_parameterization_steps); empty: all 1.
  Eigen::VectorXd step_scales;
};

struct TrainingResult {
  Eigen::VectorXd theta;
  int steps = 0;
  double loss = 0.0;           // the mean-scaled loss at `theta`
  double gradient_norm = 0.0;  // of the mean-scaled loss at `theta`
};

// Minimizes (1/n) [fit(θ) + ½ λ ‖θ − anchor‖²] by gradient descent from `start`, n the number of
// data points: the loss Σ (y − F)² + λ ‖θ − anchor‖² divided by 2n, so that η means what it
// means in the reference code. λ = 0 fits the data alone (a plain deep ensemble).
TrainingResult train_regularized(const SquaredErrorFit& fit, Eigen::Index n, double lambda,
                                 const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                                 const TrainingOptions& options);

}  // namespace bopp::nn
