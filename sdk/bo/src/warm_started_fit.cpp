#include <bopp/bo/warm_started_fit.hpp>

#include <utility>

namespace bopp::bo {

namespace {

// Where a learned noise variance starts before the first fit, in standardized units.
constexpr double initial_learned_noise_variance = 1e-4;

}  // namespace

WarmStartedFit::WarmStartedFit(KernelType kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                               const GlobalBoSettings& settings, LogCallback log,
                               HyperparameterBounds bounds)
    : kernel_(kernel),
      lower_(std::move(lower)),
      upper_(std::move(upper)),
      options_(settings.fit_options()),
      fixed_noise_variance_(settings.noise_variance),
      log_(std::move(log)) {
  options_.bounds = bounds;
}

GaussianProcess WarmStartedFit::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                    std::uint64_t seed) {
  GaussianProcess gp(Kernel(kernel_, lower_.size()), lower_, upper_, log_);
  if (last_fit_) {
    gp.set_hyperparameters(*last_fit_);
  } else {
    Hyperparameters start = gp.hyperparameters();
    start.noise_variance =
        options_.learn_noise ? initial_learned_noise_variance : fixed_noise_variance_;
    gp.set_hyperparameters(start);
  }
  gp.condition(X, y);
  fit_hyperparameters(gp, options_, seed);
  last_fit_ = gp.hyperparameters();
  return gp;
}

void WarmStartedFit::save(StateArchive& archive) const { archive.write("last_fit", last_fit_); }

void WarmStartedFit::restore(const StateArchive& archive) {
  archive.read("last_fit", last_fit_);
  if (last_fit_ && last_fit_->lengthscales.size() != lower_.size())
    throw StateError("state: a fit of another dimension");
}

}  // namespace bopp::bo
