// The keys gssbo and rssbo share (and gssbo's own three), declared once with their defaults.
#pragma once

#include "sign_balance.hpp"

#include <bopp/bo/global_bo_settings.hpp>
#include <bopp/bo/ucb_beta.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <vector>

namespace bopp::gssbo {

// How the places of U besides the forced ones are filled.
enum class SubsetRule {
  gradient,  // gssbo: sign-balanced perturbed gradients (sign_balance.hpp)
  random,    // rssbo: uniformly without replacement
};

// How the number of observations the GP is fitted on (the buffer M) is set.
enum class BufferMode {
  fixed,  // M = buffer_size: all of D while |D| ≤ M, a selected subset of M afterwards
  timed,  // M = |D| at the first iteration slower than time_factor × the early mean (the paper)
  none,   // always all of D: full GP-UCB, the reference run
};

// Where the per-sample gradients g_i = −(K_y⁻¹(y − m))_i come from (gssbo only).
enum class GradientSource {
  exact,  // Algorithm 1: K_D factored on all of D once per iteration, with the previous θ
  pilot,  // the previous subset's GP: eq. (3) on U' for members, on U' ∪ {i} otherwise
};

// Which GP UCB reads once the subset is a proper part of D.
enum class ModelKind {
  subset,    // Algorithm 1: the exact GP on U alone
  inducing,  // the theory's (Theorem 5.1): every observation, U as the Nyström inducing points
};

// What timed mode reads an iteration's time on.
enum class TimedClock {
  wall,  // the steady clock, as the paper's timings
  cpu,   // the asking thread's CPU time: steady on a machine shared with other programs
};

struct Settings {
  Eigen::Index initial_points = 20;
  BufferMode buffer_mode = BufferMode::fixed;
  Eigen::Index buffer_size = 100;
  double time_factor = 4.0;
  int timing_window = 5;
  Eigen::Index switch_at = 0;  // 0: off
  TimedClock timed_clock = TimedClock::wall;
  bo::UcbBeta beta;
  bo::GlobalBoSettings model = defaults();  // the fit and the acquisition search
  ModelKind model_kind = ModelKind::subset;
  GradientSource gradient_source = GradientSource::exact;
  double perturbation_variance = 0.01;
  TieBreak tie_break = TieBreak::largest;

  // gssbo's defaults of the toolkit's global-BO keys: Wei et al. fit by maximum likelihood.
  static bo::GlobalBoSettings defaults() { return {.optimizer_restarts = 10, .priors = false}; }
};

// The schema; the gradient rule adds gradient_source, perturbation_var and tie_break.
std::vector<Param> settings_params(SubsetRule rule);

// Reads and checks a configuration made from settings_params(rule); throws
// std::invalid_argument naming the key when a value is out of range.
Settings read_settings(const Config& config, SubsetRule rule);

}  // namespace bopp::gssbo
