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

bo::GaussianProcess LocalModel::refit(const Observations& data, Eigen::Index window,
                                      std::uint64_t seed) {
  const Eigen::MatrixXd X = data.last_inputs(window);
  const Eigen::VectorXd y = data.last_values(window);
  if (!settings_.fit || X.rows() < 2) return with_configured_hyperparameters(X, y);
  return fit(X, y, seed);
}

bo::GaussianProcess LocalModel::with_last_fit(const Observations& data, Eigen::Index window) {
  // The first step of either algorithm comes after a refit that saw fewer than two
  // observations: its fit happens here, from this seed.
  constexpr std::uint64_t first_fit_seed = 0;
  const Eigen::MatrixXd X = data.last_inputs(window);
  const Eigen::VectorXd y = data.last_values(window);
  if (!settings_.fit || X.rows() < 2) return with_configured_hyperparameters(X, y);
  if (!fitted_) return fit(X, y, first_fit_seed);
  bo::GaussianProcess gp = blank();
  gp.set_hyperparameters(*fitted_);
  gp.condition(X, y, *fitted_scaling_);
  return gp;
}

bo::GaussianProcess LocalModel::blank() const {
  return bo::GaussianProcess(
      bo::Kernel(settings_.kernel, problem_.dim()), problem_.lower, problem_.upper,
      [host = host_, owner = owner_](const std::string& m) { host.debug(owner + ": " + m); });
}

bo::Hyperparameters LocalModel::configured() const {
  return {settings_.lengthscales, settings_.outputscale, settings_.noise_variance, 0.0};
}

bo::GaussianProcess LocalModel::with_configured_hyperparameters(const Eigen::MatrixXd& X,
                                                                const Eigen::VectorXd& y) const {
  bo::GaussianProcess gp = blank();
  gp.set_hyperparameters(configured());
  if (X.rows() > 0) gp.condition(X, y, bo::OutputScaling{0.0, 1.0});
  return gp;
}

bo::GaussianProcess LocalModel::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                    std::uint64_t seed) {
  // Standardized outputs: the priors and bounds of the fit are in those units, and the noise
  // stays at the configured variance, converted.
  const bo::OutputScaling scaling = bo::OutputScaling::standardizing(y);
  const bo::Hyperparameters given = configured();
  bo::Hyperparameters start = fitted_.value_or(given);
  if (!fitted_) start.outputscale = given.outputscale / (scaling.scale * scaling.scale);
  start.noise_variance = settings_.noise_variance / (scaling.scale * scaling.scale);
  bo::GaussianProcess gp = blank();
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

void Observations::save(StateArchive& archive) const {
  archive.write("X", X_);
  archive.write("y", y_);
}

void Observations::restore(const StateArchive& archive) {
  const Eigen::Index dim = X_.cols();
  archive.read("X", X_);
  archive.read("y", y_);
  if (X_.cols() != dim || X_.rows() != y_.size())
    throw StateError("state: observations of another shape");
}

void LocalModel::save(StateArchive& archive) const {
  archive.write("fitted", fitted_);
  archive.write("fitted_scaling", fitted_scaling_);
}

void LocalModel::restore(const StateArchive& archive) {
  archive.read("fitted", fitted_);
  archive.read("fitted_scaling", fitted_scaling_);
}

}  // namespace bopp::minucb
