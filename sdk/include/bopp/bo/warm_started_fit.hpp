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

class WarmStartedFit {
 public:
  // A GP of `kernel` (ARD) on the box [lower, upper], fitted under `settings`' restarts,
  // restart schedule, noise and priors, within `bounds`; its log lines go to `log`, one
  // per fit with its likelihood evaluations, whether it restarted and what that gained.
  WarmStartedFit(KernelType kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                 const GlobalBoSettings& settings, LogCallback log = {},
                 HyperparameterBounds bounds = {});

  // The GP conditioned on (X, y) with its hyperparameters fitted (fit_hyperparameters, draws
  // from `seed`), starting from the last fit's; the first fit starts from the kernel's
  // defaults with noise variance 1e-4 when it is learned, else settings.noise_variance.
  // Under every_fit the restarts run beside the warm start; under the other schedules the
  // warm start runs alone, the schedule then decides whether the restarts run too, and the
  // better of the two searches is kept.
  GaussianProcess fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, std::uint64_t seed);

  // The hyperparameters of the last fit (none before the first).
  const std::optional<Hyperparameters>& last_fit() const { return last_fit_; }

  const FitRestartSchedule& restart_schedule() const { return schedule_; }

  // Checkpoints: where the next fit starts.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  KernelType kernel_;
  Eigen::VectorXd lower_, upper_;
  FitOptions options_;
  double fixed_noise_variance_;
  LogCallback log_;
  std::optional<Hyperparameters> last_fit_;
  FitRestartSchedule schedule_;
};

}  // namespace bopp::bo
