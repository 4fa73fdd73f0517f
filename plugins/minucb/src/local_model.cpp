#include "local_model.hpp"

#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/successful_rows.hpp>

#include <algorithm>

namespace bopp::minucb {

void Observations::add(const Points& X, const Eigen::VectorXd& y,
                       std::span<const std::int32_t> status) {
  for (const Eigen::Index i : bo::successful_rows(y, status)) {
    const Eigen::Index n = y_.size();
    X_.conservativeResize(n + 1, Eigen::NoChange);
    y_.conservativeResize(n + 1);
    X_.row(n) = X.row(i);
    y_[n] = y[i];
  }
}

Eigen::MatrixXd Observations::last_inputs(Eigen::Index count) const {
  return X_.bottomRows(std::min(count, X_.rows()));
}

Eigen::VectorXd Observations::last_values(Eigen::Index count) const {
  return y_.tail(std::min(count, y_.size()));
}

LocalModel::LocalModel(const Settings& settings, const Problem& problem, const Host& host,
                       std::string owner)
    : settings_(settings), problem_(problem), host_(host), owner_(std::move(owner)) {}

bo::GaussianProcess LocalModel::build(const Observations& data, Eigen::Index window, bool refit,
                                      std::uint64_t seed) {
  bo::GaussianProcess gp(bo::Kernel(settings_.kernel, problem_.dim()), problem_.lower,
                         problem_.upper,
                         [this](const std::string& m) { host_.debug(owner_ + ": " + m); });
  const Eigen::MatrixXd X = data.last_inputs(window);
  const Eigen::VectorXd y = data.last_values(window);
  const bo::Hyperparameters given{settings_.lengthscales, settings_.outputscale,
                                  settings_.noise_variance, 0.0};
  if (!settings_.fit || X.rows() < 2) {
    gp.set_hyperparameters(given);
    if (X.rows() > 0) gp.condition(X, y, bo::OutputScaling{0.0, 1.0});
    return gp;
  }
  if (refit || !fitted_) {
    // Standardized outputs: the priors and bounds of the fit are in those units, and the
    // noise stays at the configured variance, converted.
    const bo::OutputScaling scaling = bo::OutputScaling::standardizing(y);
    bo::Hyperparameters start = fitted_.value_or(given);
    if (!fitted_) start.outputscale = given.outputscale / (scaling.scale * scaling.scale);
    start.noise_variance = settings_.noise_variance / (scaling.scale * scaling.scale);
    gp.set_hyperparameters(start);
    gp.condition(X, y, scaling);
    bo::FitOptions options;
    options.random_restarts = 1;
    options.max_evaluations = 100;
    options.learn_noise = false;
    options.priors = bo::HyperparameterPriors::botorch();
    bo::fit_hyperparameters(gp, options, seed);
    fitted_ = gp.hyperparameters();
    fitted_scaling_ = scaling;
    return gp;
  }
  // Between refits: the fitted hyperparameters under the scaling they were fitted for.
  gp.set_hyperparameters(*fitted_);
  gp.condition(X, y, *fitted_scaling_);
  return gp;
}

}  // namespace bopp::minucb
