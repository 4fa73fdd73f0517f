// bopp/bo/global_bo_settings.hpp: the keys of a global GP-BO loop that every such method
// declares alike (the GP fit and the acquisition search), declared once here. A plugin may
// give a key another default; its name, help and range stay the toolkit's.
#pragma once

#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/fit_restart_schedule.hpp>
#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>

#include <vector>

namespace bopp::bo {

struct GlobalBoSettings {
  int raw_samples = 512;                // Sobol points that seed the acquisition optimizer
  int optimizer_restarts = 10;          // L-BFGS runs of the acquisition optimizer
  bool optimizer_batch_starts = false;  // those runs as one stacked L-BFGS problem
  bool optimizer_lockstep = true;       // or each its own, in lockstep (batched posteriors)
  int fit_restarts = 2;                 // random restarts of the hyperparameter fit
  bool learn_noise = true;              // fit the noise variance, else keep noise_variance
  double noise_variance = 1e-6;         // standardized units, when the noise is not learned
  bool priors = true;                   // BoTorch's Gamma priors (MAP); false: maximum likelihood
  FitRestartSettings fit_restart{};     // which fits run the restarts (fit_restart_schedule, ...)

  // The fit's restarts, noise and priors; the rest at FitOptions' defaults.
  FitOptions fit_options() const;
  // The acquisition search's raw samples, restarts and how they run (one after another,
  // stacked or in lockstep); the rest at their defaults.
  AcquisitionOptimizerOptions optimizer_options() const;
};

// The keys raw_samples, optimizer_restarts, optimizer_batch_starts, optimizer_lockstep,
// fit_restarts, learn_noise,
// noise_variance, priors and the restart schedule's fit_restart_schedule, fit_restart_first,
// fit_restart_every, fit_restart_move and fit_restart_gain, with the defaults of `defaults`.
std::vector<Param> global_bo_params(const GlobalBoSettings& defaults);

// With optimizer_batch_starts true, optimizer_lockstep is read as false (stacked starts win).
GlobalBoSettings read_global_bo_settings(const Config& config);

}  // namespace bopp::bo
