#include <bopp/bo/warm_started_fit.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace bopp::bo {

namespace {

// Where a learned noise variance starts before the first fit, in standardized units.
constexpr double initial_learned_noise_variance = 1e-4;

// Root-mean-square change of the log lengthscales and the log outputscale from `a` to `b`.
double log_move(const Hyperparameters& a, const Hyperparameters& b) {
  const Eigen::Index d = a.lengthscales.size();
  double sum = (b.lengthscales.array() / a.lengthscales.array()).log().square().sum();
  sum += std::pow(std::log(b.outputscale / a.outputscale), 2);
  return std::sqrt(sum / static_cast<double>(d + 1));
}

int evaluations_of(const FitResult& r) { return r.evaluations + r.subset_evaluations; }

// Three significant digits, for the log.
std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

}  // namespace

WarmStartedFit::WarmStartedFit(KernelType kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                               const GlobalBoSettings& settings, LogCallback log,
                               HyperparameterBounds bounds, WarmStartedFitOptions fit_options)
    : kernel_(kernel),
      lower_(std::move(lower)),
      upper_(std::move(upper)),
      options_(settings.fit_options()),
      fixed_noise_variance_(settings.noise_variance),
      log_(std::move(log)),
      fit_options_(fit_options),
      schedule_(settings.fit_restart) {
  if (fit_options_.refit_every < 1)
    throw std::invalid_argument("WarmStartedFit: refit_every must be at least 1");
  options_.bounds = bounds;
  if (fit_options_.raw_outputs) options_.learn_mean = false;
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
    if (fit_options_.raw_outputs) start.mean = 0.0;
    gp.set_hyperparameters(start);
  }
  if (fit_options_.raw_outputs) {
    if (raw_scale_ == 0.0) raw_scale_ = OutputScaling::standardizing(y).scale;
    gp.condition(X, y, OutputScaling{0.0, raw_scale_});
  } else {
    gp.condition(X, y);
  }
  const bool refits = calls_++ % fit_options_.refit_every == 0;
  if (last_fit_ && !refits) {
    log_to(log_, "no fit: the hyperparameters of fit " + std::to_string(schedule_.fits()) +
                     " (refit every " + std::to_string(fit_options_.refit_every) + ")");
    return gp;
  }
  const std::string fit_number = "fit " + std::to_string(schedule_.fits() + 1) + ": ";

  if (schedule_.restarts_with_warm_start() || options_.random_restarts == 0) {
    const FitResult r = fit_hyperparameters(gp, options_, seed);
    schedule_.record(options_.random_restarts > 0, 0.0);
    log_to(log_, fit_number + std::to_string(evaluations_of(r)) + " likelihood evaluations, " +
                     std::to_string(r.starts) + " starts");
    last_fit_ = gp.hyperparameters();
    return gp;
  }

  const Hyperparameters previous = gp.hyperparameters();
  FitOptions warm_only = options_;
  warm_only.random_restarts = 0;
  FitResult warm;
  bool failed = false;
  try {
    warm = fit_hyperparameters(gp, warm_only, seed);
    failed = warm.failed_starts > 0;
  } catch (const std::runtime_error&) {
    // No finite likelihood from the warm start: the restarts must find one.
    warm.objective = -std::numeric_limits<double>::infinity();
    failed = true;
  }
  const double move = failed ? 0.0 : log_move(previous, gp.hyperparameters());
  std::string line = fit_number + "warm start " + std::to_string(evaluations_of(warm)) +
                     " likelihood evaluations" + (failed ? " (failed)" : "") + ", move " +
                     short_number(move);
  if (!schedule_.restarts_after(failed, move)) {
    schedule_.record(false, 0.0);
    log_to(log_, line + ", no restart");
    last_fit_ = gp.hyperparameters();
    return gp;
  }

  const Hyperparameters warm_fit = gp.hyperparameters();
  FitOptions restarts_only = options_;
  restarts_only.warm_start = false;
  const FitResult restarts = fit_hyperparameters(gp, restarts_only, seed);
  const double gain = restarts.objective - warm.objective;
  if (!(gain > 0)) gp.set_hyperparameters(warm_fit);
  schedule_.record(true, gain);
  log_to(log_, line + ", restarted: " + std::to_string(evaluations_of(restarts)) +
                   " likelihood evaluations, gain " + short_number(gain) +
                   (gain > 0 ? " (kept)" : ""));
  last_fit_ = gp.hyperparameters();
  return gp;
}

void WarmStartedFit::save(StateArchive& archive) const {
  archive.write("last_fit", last_fit_);
  archive.write("restart_schedule", schedule_);
  archive.write("calls", calls_);
  archive.write("raw_scale", raw_scale_);
}

void WarmStartedFit::restore(const StateArchive& archive) {
  archive.read("last_fit", last_fit_);
  archive.read("restart_schedule", schedule_);
  // Checkpoints written before these two existed: every call refitted, on standardized outputs.
  calls_ = 0;
  raw_scale_ = 0.0;
  if (archive.contains("calls")) archive.read("calls", calls_);
  if (archive.contains("raw_scale")) archive.read("raw_scale", raw_scale_);
  if (last_fit_ && last_fit_->lengthscales.size() != lower_.size())
    throw StateError("state: a fit of another dimension");
}

}  // namespace bopp::bo
