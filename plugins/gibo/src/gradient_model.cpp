#include "gradient_model.hpp"

#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/gradient_posterior.hpp>

#include <algorithm>
#include <string>

namespace bopp::gibo {

namespace {

// Noise floor relative to the outputscale: σ_n = 0 means an interpolating GP, and the
// forward design's kernel matrix has eigenvalues ~ (h/ℓ)² = 1e-8 at the default step.
constexpr double noise_floor = 1e-12;

}  // namespace

GradientModel::GradientModel(const Problem& problem, const Settings& settings, const Host& host)
    : problem_(problem),
      host_(host),
      kernel_(settings.gp.kernel),
      lengthscales_(settings.lengthscales) {
  hypers_.lengthscales = lengthscales_.cwiseQuotient(problem_.upper - problem_.lower);
  hypers_.outputscale = settings.gp.outputscale;
  hypers_.noise_variance =
      std::max(settings.gp.noise_variance, noise_floor * settings.gp.outputscale);
  hypers_.mean = 0.0;
}

bo::GaussianProcess GradientModel::gp(const std::vector<Observation>& data) const {
  bo::GaussianProcess gp(bo::Kernel(kernel_, problem_.dim()), problem_.lower, problem_.upper,
                         [this](const std::string& m) { host_.debug("gibo: " + m); });
  gp.set_hyperparameters(hypers_);
  if (data.empty()) return gp;
  Eigen::MatrixXd X(static_cast<Eigen::Index>(data.size()), problem_.dim());
  Eigen::VectorXd y(X.rows());
  for (std::size_t i = 0; i < data.size(); ++i) {
    X.row(static_cast<Eigen::Index>(i)) = data[i].x.transpose();
    y[static_cast<Eigen::Index>(i)] = data[i].y;
  }
  // Known hyperparameters are in the user's units of y: no standardization.
  gp.condition(X, y, bo::OutputScaling{0.0, 1.0});
  return gp;
}

Eigen::VectorXd GradientModel::gradient(const std::vector<Observation>& data,
                                        const Eigen::VectorXd& x) const {
  return bo::gradient_posterior(gp(data), x).mean;
}

Eigen::MatrixXd GradientModel::sampling_batch(const std::vector<Observation>& data,
                                              const Eigen::VectorXd& x,
                                              const bo::GradientBatchOptions& options,
                                              std::uint64_t seed) const {
  return bo::select_gradient_batch(gp(data), x, options, seed).points;
}

void GradientModel::refit(const std::vector<Observation>& data, std::uint64_t seed) {
  bo::GaussianProcess fitted = gp(data);
  bo::FitOptions options;
  options.random_restarts = 2;
  options.learn_noise = false;
  options.priors = bo::HyperparameterPriors::botorch();
  bo::fit_hyperparameters(fitted, options, seed);
  hypers_ = fitted.hyperparameters();
  lengthscales_ = hypers_.lengthscales.cwiseProduct(problem_.upper - problem_.lower);
}

void GradientModel::save(StateArchive& archive) const {
  archive.write("hyperparameters", hypers_);
  archive.write("lengthscales", lengthscales_);
}

void GradientModel::restore(const StateArchive& archive) {
  archive.read("hyperparameters", hypers_);
  archive.read("lengthscales", lengthscales_);
  if (lengthscales_.size() != problem_.dim() || hypers_.lengthscales.size() != problem_.dim())
    throw StateError("state: lengthscales of another dimension");
}

}  // namespace bopp::gibo
