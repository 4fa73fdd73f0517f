#include <bopp/nn/regularized_training.hpp>

#include "lbfgs_descent.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::nn {

TrainingMethod training_method_from_name(const std::string& name) {
  if (name == "gd") return TrainingMethod::gradient_descent;
  if (name == "lbfgs") return TrainingMethod::lbfgs;
  throw std::invalid_argument("training '" + name + "': expected gd or lbfgs");
}

TrainingResult train_regularized(const SquaredErrorFit& fit, Eigen::Index n, double lambda,
                                 const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                                 const TrainingOptions& options) {
  if (n < 1) throw std::invalid_argument("train_regularized: no data");
  if (options.step_scales.size() != 0 && options.step_scales.size() != start.size())
    throw std::invalid_argument("train_regularized: step_scales of the wrong size");
  const double inv_n = 1.0 / static_cast<double>(n);
  Eigen::VectorXd theta = start;
  // Both allocated once: a step allocates nothing beyond what `fit` does.
  Eigen::VectorXd data_gradient(start.size()), gradient(start.size());
  // The mean-scaled loss and its gradient at `theta`.
  const auto evaluate = [&] {
    const double data = fit(theta, data_gradient);
    gradient = inv_n * (data_gradient + lambda * (theta - anchor));
    return detail::Evaluation{inv_n * (data + 0.5 * lambda * (theta - anchor).squaredNorm()), data,
                              gradient.norm()};
  };
  if (options.method == TrainingMethod::lbfgs)
    return detail::lbfgs_descent(evaluate, theta, gradient, start, n, options);
  TrainingResult result;
  detail::Evaluation pass = evaluate();
  const double initial_norm = pass.gradient_norm;
  for (int k = 0; k < options.max_steps; ++k) {
    if (pass.gradient_norm <= options.gradient_tolerance * initial_norm) break;
    if (options.step_scales.size() == 0) {
      theta -= options.learning_rate * gradient;
    } else {
      theta -= options.learning_rate * options.step_scales.cwiseProduct(gradient);
    }
    pass = evaluate();
    ++result.steps;
  }
  result.theta = std::move(theta);
  result.loss = pass.loss;
  result.gradient_norm = pass.gradient_norm;
  result.residual_rms = std::sqrt(2 * pass.data / static_cast<double>(n));
  return result;
}

}  // namespace bopp::nn
