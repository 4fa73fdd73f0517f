// bopp/nn/regularized_training.hpp: fitting parameters to data by full-batch gradient descent,
// or by L-BFGS to convergence, on a squared error plus a pull toward a reference point (the
// anchored, "sample-then-optimize" loss of He et al. 2020 and Dai et al. 2022, eq. 1).
#pragma once

#include <Eigen/Core>

#include <functional>
#include <string>

namespace bopp::nn {

// ½ Σ_j (F(x_j; θ) − y_j)² for fixed data, and its gradient in θ written into `gradient`.
using SquaredErrorFit =
    std::function<double(const Eigen::VectorXd& theta, Eigen::VectorXd& gradient)>;

// gradient_descent: max_steps fixed steps of η (the recipe of Dai et al.'s code); lbfgs: L-BFGS
// (LBFGS++, in the training's precision) to convergence: until the loss stops falling
// (loss_tolerance), the gradient tolerance is met, no step lowers the loss any more, or
// max_passes.
enum class TrainingMethod { gradient_descent, lbfgs };

// "gd" or "lbfgs"; throws std::invalid_argument otherwise.
TrainingMethod training_method_from_name(const std::string& name);

struct TrainingOptions {
  TrainingMethod method = TrainingMethod::gradient_descent;
  // η of the mean-scaled loss below (the scaling of the reference code of Dai et al.).
  double learning_rate = 1e-3;
  int max_steps = 10000;  // gradient_descent
  // lbfgs: the cap on the evaluations of the loss and its gradient after the one at `start`.
  int max_passes = 3000;
  // lbfgs: stop once the lowest loss fell by at most loss_tolerance of itself over the last
  // 100 passes (0: once it did not fall at all).
  double loss_tolerance = 2e-3;
  // Stop once ‖∇‖ ≤ gradient_tolerance · ‖∇ at the start‖ (0: never).
  double gradient_tolerance = 0.0;
  // Gradient descent: per-parameter multipliers of η (Mlp::standard_parameterization_steps);
  // empty: all 1. L-BFGS runs in θ itself, the NTK coordinates, where it converges faster than
  // in the standard parameterization (measured on the network of Dai et al.'s Figure 3).
  Eigen::VectorXd step_scales;
};

struct TrainingResult {
  Eigen::VectorXd theta;
  // The evaluations of the loss and its gradient after the one at `start`: gradient-descent
  // steps, or L-BFGS's passes (the iterations and their line searches' trials).
  int steps = 0;
  double loss = 0.0;           // the mean-scaled loss at `theta`
  double gradient_norm = 0.0;  // of the mean-scaled loss at `theta`
  double residual_rms = 0.0;   // √(Σ_j (F(x_j; θ) − y_j)² / n) at `theta`
};

// Minimizes (1/n) [fit(θ) + ½ λ ‖θ − anchor‖²] from `start` by options.method, n the number of
// data points: the loss Σ (y − F)² + λ ‖θ − anchor‖² divided by 2n, so that η means what it
// means in the reference code. λ = 0 fits the data alone (a plain deep ensemble).
TrainingResult train_regularized(const SquaredErrorFit& fit, Eigen::Index n, double lambda,
                                 const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                                 const TrainingOptions& options);

}  // namespace bopp::nn
