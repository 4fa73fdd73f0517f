// The keys gssbo and rssbo share (and gssbo's own two), declared once with their defaults.
#pragma once

#include "sign_balance.hpp"

#include <bopp/bo/ucb_beta.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <vector>

namespace bopp::gssbo {

// How the number of observations the GP is fitted on (the buffer M) is set.
enum class BufferMode {
  fixed,  // M = buffer_size: all of D while |D| ≤ M, a selected subset of M afterwards
  timed,  // M = |D| at the first iteration slower than time_factor × the early mean (the paper)
  none,   // always all of D: full GP-UCB, the reference run
};

// Where the per-sample gradients g_i = −(K_y⁻¹(y − m))_i come from (gssbo only).
enum class GradientSource {
  pilot,  // the previous subset's GP: eq. (3) on U' for members, on U' ∪ {i} otherwise
  exact,  // K_D factored on all of D once per iteration, with the previous subset's θ
};

struct Settings {
  Eigen::Index initial_points = 20;
  BufferMode buffer_mode = BufferMode::fixed;
  Eigen::Index buffer_size = 100;
  double time_factor = 4.0;
  int timing_window = 5;
  Eigen::Index switch_at = 0;  // 0: off
  bo::UcbBeta beta;
  int raw_samples = 512;
  int optimizer_restarts = 10;
  int fit_restarts = 2;
  bool priors = false;
  bool learn_noise = true;
  GradientSource gradient_source = GradientSource::pilot;
  double perturbation_variance = 0.01;
  TieBreak tie_break = TieBreak::smallest;
};

// The schema; `gradient_keys` adds gradient_source, perturbation_var and tie_break (gssbo).
std::vector<Param> settings_params(bool gradient_keys);

// Reads and checks a configuration made from settings_params(gradient_keys); throws
// std::invalid_argument naming the key when a value is out of range.
Settings read_settings(const Config& config, bool gradient_keys);

}  // namespace bopp::gssbo
