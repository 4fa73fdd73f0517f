// The converged training of bopp::nn: L-BFGS (LBFGS++) on a mean-scaled loss, shared by
// NetworkTraining (its allocation-free passes) and train_regularized (any fit).
#pragma once

#include <bopp/nn/regularized_training.hpp>

#include <LBFGS.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace bopp::nn::detail {

// What one pass of a training gives at its parameters: the mean-scaled loss, the data term
// ½ Σ_j r_j² and the norm of the loss's gradient in θ.
struct Evaluation {
  double loss = 0;
  double data = 0;
  double gradient_norm = 0;
};

// The passes over which the loss must fall by options.loss_tolerance of itself.
inline constexpr int kLossWindow = 100;

// Minimizes the loss that `evaluate()` computes at `theta` (its θ-gradient written into
// `gradient`) from `start` by L-BFGS, and leaves the best point in `theta`. The L-BFGS arithmetic
// is in T, the precision of the passes, on the displacement z = θ − start: small next to θ, so
// its steps and curvature pairs keep their digits in float (on θ itself float L-BFGS stalls
// higher). The solver's vectors are allocated once here: the passes allocate nothing beyond what
// `evaluate` does.
template <class T, class Evaluate>
TrainingResult lbfgs_descent(Evaluate&& evaluate, Eigen::Matrix<T, Eigen::Dynamic, 1>& theta,
                             const Eigen::Matrix<T, Eigen::Dynamic, 1>& gradient,
                             const Eigen::Matrix<T, Eigen::Dynamic, 1>& start, Eigen::Index n,
                             const TrainingOptions& options) {
  using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;
  Vector z = Vector::Zero(start.size()), best = z;
  Evaluation best_pass;
  double initial_norm = 0;
  int passes = 0;
  std::vector<double> window(kLossWindow);  // the best loss after pass k, at k % kLossWindow
  // LBFGS++ has no callback: the loss ends the run by throwing once a test is met.
  struct Done {};
  const auto loss = [&](const Vector& at, Vector& g) -> T {
    theta = start + at;
    const Evaluation e = evaluate();
    g = gradient;
    if (passes == 0) initial_norm = e.gradient_norm;
    const bool lower = passes == 0 || e.loss < best_pass.loss;
    if (lower) {
      best = at;
      best_pass = e;
    }
    double& before = window[static_cast<std::size_t>(passes % kLossWindow)];
    const bool stalled =
        passes >= kLossWindow && before - best_pass.loss <= options.loss_tolerance * best_pass.loss;
    before = best_pass.loss;
    ++passes;
    if ((lower && e.gradient_norm <= options.gradient_tolerance * initial_norm) || stalled ||
        passes > options.max_passes)
      throw Done{};
    return static_cast<T>(e.loss);
  };
  LBFGSpp::LBFGSParam<T> param;
  param.m = 10;
  param.epsilon = 0;  // the tests are the loss's, relative to the start
  param.epsilon_rel = 0;
  param.linesearch = LBFGSpp::LBFGS_LINESEARCH_BACKTRACKING_WOLFE;
  LBFGSpp::LBFGSSolver<T, LBFGSpp::LineSearchBacktracking> solver(param);
  T value = 0;
  try {
    solver.minimize(loss, z, value);
  } catch (const Done&) {
  } catch (const std::runtime_error&) {
    // The line search found no lower loss: the precision's limit, where the run has converged.
  } catch (const std::logic_error&) {
    // An ascent direction, from rounding in the curvature pairs: likewise the limit.
  }
  theta = start + best;
  TrainingResult result;
  result.theta = theta.template cast<double>();
  result.steps = passes - 1;
  result.loss = best_pass.loss;
  result.gradient_norm = best_pass.gradient_norm;
  result.residual_rms = std::sqrt(2 * best_pass.data / static_cast<double>(n));
  return result;
}

}  // namespace bopp::nn::detail
