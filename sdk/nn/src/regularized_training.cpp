#include <bopp/nn/regularized_training.hpp>

#include <stdexcept>

namespace bopp::nn {

TrainingResult train_regularized(const SquaredErrorFit& fit, Eigen::Index n, double lambda,
                                 const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                                 const TrainingOptions& options) {
  if (n < 1) throw std::invalid_argument("train_regularized: no data");
  if (options.step_scales.size() != 0 && options.step_scales.size() != start.size())
    throw std::invalid_argument("train_regularized: step_scales of the wrong size");
  const double inv_n = 1.0 / static_cast<double>(n);
  TrainingResult result;
  result.theta = start;
  // Both allocated once: a step allocates nothing beyond what `fit` does.
  Eigen::VectorXd data_gradient(start.size()), gradient(start.size());
  // The mean-scaled loss and its gradient at `result.theta`.
  auto evaluate = [&](Eigen::VectorXd& gradient) {
    const double data = fit(result.theta, data_gradient);
    gradient = inv_n * (data_gradient + lambda * (result.theta - anchor));
    return inv_n * (data + 0.5 * lambda * (result.theta - anchor).squaredNorm());
  };
  result.loss = evaluate(gradient);
  const double initial_norm = gradient.norm();
  result.gradient_norm = initial_norm;
  for (int k = 0; k < options.max_steps; ++k) {
    if (result.gradient_norm <= options.gradient_tolerance * initial_norm) break;
    if (options.step_scales.size() == 0) {
      result.theta -= options.learning_rate * gradient;
    } else {
      result.theta -= options.learning_rate * options.step_scales.cwiseProduct(gradient);
    }
    result.loss = evaluate(gradient);
    result.gradient_norm = gradient.norm();
    ++result.steps;
  }
  return result;
}

}  // namespace bopp::nn
