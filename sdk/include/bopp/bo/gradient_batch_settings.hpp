// bopp/bo/gradient_batch_settings.hpp: the keys of GIBO's gradient batch (Müller et al. 2021)
// that every method sampling it declares alike, and the options they make.
#pragma once

#include <bopp/bo/gradient_trace.hpp>
#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>

#include <vector>

namespace bopp::bo {

struct GradientBatchSettings {
  double eps_diff = 0.1;  // Müller et al.'s ε_diff: the greedy batch's early stop
  int raw_samples = 64;   // Sobol candidates per greedy point (BoTorch: 64)
  int restarts = 5;       // L-BFGS starts of the search (Müller et al.: 5)

  // select_gradient_batch's options for a batch of at most `batch` points in x ± box_delta;
  // the early stop applies to the greedy mode only.
  GradientBatchOptions options(GradientBatchOptions::Mode mode, Eigen::Index batch,
                               double box_delta) const;
};

// The keys eps_diff, raw_samples and restarts, with Müller et al.'s synthetic defaults.
std::vector<Param> gradient_batch_params();

GradientBatchSettings read_gradient_batch_settings(const Config& config);

}  // namespace bopp::bo
