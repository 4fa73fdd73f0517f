#include "settings.hpp"

#include <bopp/kit/host_design.hpp>

#include <stdexcept>
#include <string>
#include <utility>

namespace bopp::gssbo {

std::vector<Param> settings_params(SubsetRule rule) {
  std::vector<Param> params = {
      Param::integer("n_init", 20, "size of the initial scrambled-Sobol design").at_least(1),
      Param::choice("buffer_mode", "fixed", "fixed|timed|none",
                    "fixed: the GP keeps buffer_size observations once there are more; timed: "
                    "the buffer freezes at |D| when an iteration takes time_factor times the "
                    "early mean (Wei et al.'s rule; replay it with switch_at); none: full GP-UCB"),
      Param::integer("buffer_size", 100,
                     "M, the observations the GP is fitted on in fixed mode (>= n_init + 2)")
          .at_least(3),
      Param::real("time_factor", 4.0, "Z: timed mode switches when an iteration exceeds Z x T")
          .at_least(1),
      Param::integer("timing_window", 5,
                     "timed mode: model-based iterations whose mean compute time is T")
          .at_least(1),
      Param::choice("timed_clock", "wall", "wall|cpu",
                    "timed mode: the clock an iteration is timed on: wall, the steady clock (the "
                    "paper's); cpu, the CPU time of the thread that asks and tells, which other "
                    "programs sharing the machine do not move"),
      Param::integer("switch_at", 0,
                     "timed mode: switch at this |D| instead of by the clock, to replay a timed "
                     "run exactly (0: off)")
          .at_least(0),
  };
  for (Param& p : bo::global_bo_params(Settings::defaults())) params.push_back(std::move(p));
  params.push_back(Param::choice(
      "model", "subset", "subset|inducing",
      "the GP UCB reads once the subset U is a proper part of D: subset, the exact GP on U "
      "(Algorithm 1); inducing, every observation through the Nystrom (DTC) GP whose inducing "
      "points are U (the approximation of Theorem 5.1), with the hyperparameters fitted on U"));
  if (rule == SubsetRule::gradient) {
    params.push_back(Param::choice(
        "gradient_source", "exact", "exact|pilot",
        "where g_i = -(K^-1 (y - m))_i comes from: K of all data (Algorithm 1) or the previous "
        "subset's GP (cheaper, flat in |D|). g_i is a scalar, so the diversity criterion "
        "reduces to balancing the signs of the perturbed gradients in the subset, and "
        "tie_break picks among the rows that tie"));
    params.push_back(Param::real("perturbation_var", 0.01,
                                 "variance of the Gaussian noise added to the gradients "
                                 "(standardized units)")
                         .at_least(0));
    params.push_back(Param::choice(
        "tie_break", "largest", "largest|smallest",
        "which rows of a sign group enter the subset first: the largest |g| (the paper's "
        "reading of gradient magnitude as importance; on its Figure 7 setup it keeps the "
        "cluster near the best point) or the smallest"));
  }
  for (Param& p : bo::ucb_beta_params(4.0)) params.push_back(std::move(p));
  params.push_back(design_from_host_param());
  return params;
}

Settings read_settings(const Config& config, SubsetRule rule) {
  Settings s;
  s.initial_points = config.integer("n_init");
  const std::string mode = config.string("buffer_mode");
  s.buffer_mode = mode == "timed"  ? BufferMode::timed
                  : mode == "none" ? BufferMode::none
                                   : BufferMode::fixed;
  s.buffer_size = config.integer("buffer_size");
  s.time_factor = config.real("time_factor");
  s.timing_window = static_cast<int>(config.integer("timing_window"));
  s.switch_at = config.integer("switch_at");
  s.timed_clock = config.string("timed_clock") == "cpu" ? TimedClock::cpu : TimedClock::wall;
  s.beta = bo::read_ucb_beta(config);
  s.model = bo::read_global_bo_settings(config);
  s.model_kind = config.string("model") == "inducing" ? ModelKind::inducing : ModelKind::subset;
  if (rule == SubsetRule::gradient) {
    s.gradient_source =
        config.string("gradient_source") == "pilot" ? GradientSource::pilot : GradientSource::exact;
    s.perturbation_variance = config.real("perturbation_var");
    s.tie_break = config.string("tie_break") == "smallest" ? TieBreak::smallest : TieBreak::largest;
  }
  // At least one place of the subset is free besides the n_init initial points and the newest.
  const Eigen::Index least = s.initial_points + 2;
  if (s.buffer_size < least)
    throw std::invalid_argument("buffer_size = " + std::to_string(s.buffer_size) +
                                " must be at least n_init + 2 = " + std::to_string(least));
  if (!(s.time_factor > 1)) throw std::invalid_argument("time_factor must be greater than 1");
  if (s.switch_at != 0) {
    if (s.buffer_mode != BufferMode::timed)
      throw std::invalid_argument("switch_at applies to buffer_mode = \"timed\" only");
    if (s.switch_at < least)
      throw std::invalid_argument("switch_at = " + std::to_string(s.switch_at) +
                                  " must be 0 or at least n_init + 2 = " + std::to_string(least));
  }
  return s;
}

}  // namespace bopp::gssbo
