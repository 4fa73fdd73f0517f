#include <bopp/bo/global_bo_settings.hpp>

namespace bopp::bo {

FitOptions GlobalBoSettings::fit_options() const {
  FitOptions options;
  options.random_restarts = fit_restarts;
  options.learn_noise = learn_noise;
  if (priors) options.priors = HyperparameterPriors::botorch();
  return options;
}

AcquisitionOptimizerOptions GlobalBoSettings::optimizer_options() const {
  AcquisitionOptimizerOptions options;
  options.raw_samples = raw_samples;
  options.restarts = optimizer_restarts;
  options.batch_starts = optimizer_batch_starts;
  options.lockstep_starts = optimizer_lockstep;
  return options;
}

std::vector<Param> global_bo_params(const GlobalBoSettings& defaults) {
  return {
      Param::boolean("learn_noise", defaults.learn_noise,
                     "fit the noise variance (else fixed at noise_variance)"),
      Param::real("noise_variance", defaults.noise_variance,
                  "fixed noise variance in standardized units, when learn_noise is false")
          .range(0, 10),
      Param::boolean("priors", defaults.priors,
                     "Gamma priors on the hyperparameters (BoTorch's defaults), a MAP fit; false: "
                     "maximum likelihood"),
      Param::integer("fit_restarts", defaults.fit_restarts,
                     "random restarts of the hyperparameter fit")
          .range(0, 100),
      Param::choice("fit_restart_schedule", fit_restart_rule_name(defaults.fit_restart.rule),
                    "every_fit|botorch|never|scheduled|adaptive",
                    "which fits run the random restarts: all; only after a failed warm start "
                    "(botorch); none; the first fit_restart_first and every fit_restart_every-th "
                    "(scheduled); the first ones, after a failure, a move of the warm-started "
                    "optimum or a restart that helped, backing off otherwise (adaptive)"),
      Param::integer("fit_restart_first", defaults.fit_restart.first,
                     "fits that always restart (scheduled, adaptive)")
          .range(0, 1000000),
      Param::integer("fit_restart_every", defaults.fit_restart.every,
                     "scheduled: every k-th fit restarts; adaptive: the longest period of "
                     "restarts, in fits")
          .range(1, 1000000),
      Param::real("fit_restart_move", defaults.fit_restart.move,
                  "adaptive: RMS change of the log lengthscales and outputscale of the "
                  "warm-started optimum above which the fit restarts")
          .range(0, 100),
      Param::real("fit_restart_gain", defaults.fit_restart.gain,
                  "adaptive: gain of the log posterior above which a restart counts as helping "
                  "(the next fits restart too)")
          .range(0, 1e6),
      Param::integer("raw_samples", defaults.raw_samples,
                     "Sobol points to seed the acquisition optimizer")
          .range(1, 1000000),
      Param::integer("optimizer_restarts", defaults.optimizer_restarts,
                     "L-BFGS runs of the acquisition optimizer")
          .range(0, 1000),
      Param::boolean("optimizer_batch_starts", defaults.optimizer_batch_starts,
                     "run those starts as one stacked L-BFGS problem, as BoTorch does (at d = "
                     "100 slower than lockstep, reaching better maxima); when true, "
                     "optimizer_lockstep is not used"),
      Param::boolean("optimizer_lockstep", defaults.optimizer_lockstep,
                     "one run per start, in lockstep: each round evaluates the next point of "
                     "every run as one batched posterior (the same runs as one after another, to "
                     "rounding, and faster); false, with optimizer_batch_starts false: the runs "
                     "one after another"),
  };
}

GlobalBoSettings read_global_bo_settings(const Config& config) {
  GlobalBoSettings s;
  s.raw_samples = static_cast<int>(config.integer("raw_samples"));
  s.optimizer_restarts = static_cast<int>(config.integer("optimizer_restarts"));
  s.optimizer_batch_starts = config.boolean("optimizer_batch_starts");
  s.optimizer_lockstep = config.boolean("optimizer_lockstep");
  // Lockstep is the default and a resolved experiment file spells every default out, so stacked
  // starts, asked for, win over it rather than clash with it.
  if (s.optimizer_batch_starts) s.optimizer_lockstep = false;
  s.fit_restarts = static_cast<int>(config.integer("fit_restarts"));
  s.learn_noise = config.boolean("learn_noise");
  s.noise_variance = config.real("noise_variance");
  s.priors = config.boolean("priors");
  s.fit_restart.rule = fit_restart_rule_from_name(config.string("fit_restart_schedule"));
  s.fit_restart.first = static_cast<int>(config.integer("fit_restart_first"));
  s.fit_restart.every = static_cast<int>(config.integer("fit_restart_every"));
  s.fit_restart.move = config.real("fit_restart_move");
  s.fit_restart.gain = config.real("fit_restart_gain");
  return s;
}

}  // namespace bopp::bo
