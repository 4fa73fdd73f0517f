// bopp/bo/warm_started_fit.hpp: the GP fit of a global BO loop, made afresh every iteration
// on the data of that iteration and started where the last fit ended.
#pragma once

#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/fit_restart_schedule.hpp>
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/global_bo_settings.hpp>
#include <bopp/bo/log.hpp>

#include <cstdint>
#include <optional>

namespace bopp::bo {

// How often the fit runs and what it fits to, where a loop departs from the defaults (the GP
// baselines of Dai et al. 2022's code, on GPy's defaults, did both).
struct WarmStartedFitOptions {
  // The hyperparameters are fitted at the first call of fit() and every refit_every-th after
  // it; the calls between condition the GP on their data with the last fit's hyperparameters.
  int refit_every = 1;
  // false: outputs standardized at every fit, under a fitted constant mean. true: a zero prior
  // mean on the raw outputs (GPy's default), which are only divided by one fixed scale, the
  // standard deviation of the first fit's y, so that the hyperparameters' bounds and the
  // kept hyperparameters mean the same raw values at every fit.
  bool raw_outputs = false;
};

class WarmStartedFit {
 public:
  // A GP of `kernel` (ARD) on the box [lower, upper], fitted under `settings`' restarts,
  // restart schedule, noise and priors, within `bounds`; its log lines go to `log`, one
  // per fit with its likelihood evaluations, whether it restarted and what that gained.
  WarmStartedFit(KernelType kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                 const GlobalBoSettings& settings, LogCallback log = {},
                 HyperparameterBounds bounds = {}, WarmStartedFitOptions fit_options = {});

  // The GP conditioned on (X, y) with its hyperparameters fitted (fit_hyperparameters, draws
  // from `seed`), starting from the last fit's; the first fit starts from the kernel's
  // defaults with noise variance 1e-4 when it is learned, else settings.noise_variance.
  // Under every_fit the restarts run beside the warm start; under the other schedules the
  // warm start runs alone, the schedule then decides whether the restarts run too, and the
  // better of the two searches is kept. Between refits (WarmStartedFitOptions::refit_every) no
  // search runs and `seed` is not used.
  GaussianProcess fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, std::uint64_t seed);

  // The hyperparameters of the last fit (none before the first).
  const std::optional<Hyperparameters>& last_fit() const { return last_fit_; }

  const FitRestartSchedule& restart_schedule() const { return schedule_; }

  // Checkpoints: where the next fit starts, how many calls of fit() there were (which decides
  // the next refit) and the raw outputs' scale.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  KernelType kernel_;
  Eigen::VectorXd lower_, upper_;
  FitOptions options_;
  double fixed_noise_variance_;
  LogCallback log_;
  WarmStartedFitOptions fit_options_;
  std::optional<Hyperparameters> last_fit_;
  long calls_ = 0;          // of fit()
  double raw_scale_ = 0.0;  // fixed at the first fit, with raw outputs
  FitRestartSchedule schedule_;
};

}  // namespace bopp::bo
