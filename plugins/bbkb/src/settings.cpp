#include "settings.hpp"

#include "median_distance.hpp"

#include <bopp/kit/host_design.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bopp::bbkb {

double Settings::information(double start_variance) const {
  const double c = schedule == WidthSchedule::theorem ? 3.0 : 1.0;
  return std::log1p(c * start_variance);
}

double Settings::bkb_width(double variance_sum, double t) const {
  const double sum = std::log(std::max(t, 1.0)) * variance_sum;
  const double confidence = std::log(1.0 / delta);
  if (schedule == WidthSchedule::theorem) {
    return 2.0 * noise_std * std::sqrt(3.0 * sum + confidence) +
           (1.0 + std::sqrt(2.0)) * std::sqrt(lambda) * norm_bound;
  }
  return std::sqrt(lambda) * norm_bound + std::sqrt(noise_std * noise_std * (sum + confidence));
}

double Settings::width(double log_sum, double bound) const {
  const double confidence = std::log(1.0 / delta);
  if (schedule == WidthSchedule::theorem) {
    const double beta = 2.0 * noise_std * std::sqrt(log_sum + confidence) +
                        (1.0 + std::sqrt(2.0)) * std::sqrt(lambda) * norm_bound;
    return bound * beta;
  }
  return std::sqrt(lambda) * norm_bound +
         std::sqrt(noise_std * noise_std * (bound * log_sum + confidence));
}

std::vector<Param> settings_params(Batching batching, Dictionary dictionary) {
  std::vector<Param> p = {
      Param::real("bandwidth", 0.0,
                  "h of the Gaussian kernel exp(-|x-x'|^2/(2h^2)) in the candidates' units; 0: "
                  "the median distance between candidates; else at least 1e-12")
          .range(0.0, 1e12),
      Param::real("noise_std", 0.0,
                  "xi, the noise standard deviation in the confidence width; 0: the "
                  "objective's noise, else 0.01 (Calandriello et al. 2020, Section 5)")
          .at_least(0.0),
      Param::real("lambda", 0.0,
                  "lambda, the ridge regularization; variances are Bayesian variances / lambda; "
                  "0: noise_std^2")
          .at_least(0.0),
      Param::real("norm_bound", 1.0, "F, the bound on f's RKHS norm in the confidence width")
          .at_least(0.0),
      Param::real("delta", 1e-4, "delta, the failure probability in the confidence width")
          .range(1e-300, 1.0),
      Param::choice("width_schedule", "theorem", "theorem|reference",
                    "the width family, alike for every UCB method: theorem (Theorem 2's, or BKB's "
                    "Theorem 1 for bkb) or reference (the authors' public code's, narrower)"),
  };
  if (batching == Batching::adaptive) {
    p.push_back(Param::real("c_tilde", 2.0,
                            "C~, the batch bound: a batch ends once 1 + its start-of-batch "
                            "variances exceed it (1: one point per batch)")
                    .at_least(1.0));
  }
  if (dictionary == Dictionary::resparsified) {
    p.push_back(Param::real("q_bar", 2.0,
                            "q-bar, the oversampling of the dictionary's ridge-leverage "
                            "sampling")
                    .range(1e-300, 1e300));
  }
  p.push_back(design_from_host_param());
  return p;
}

Settings read_settings(const Config& config, const Problem& problem, const char* algorithm) {
  if (!problem.has_candidates()) {
    throw std::invalid_argument(std::string("algorithm '") + algorithm +
                                "' needs an objective with a finite candidate set");
  }
  Settings s;
  s.bandwidth = config.real("bandwidth");
  // A physical length: one too small to square (1e-320 is subnormal) makes every kernel value
  // 0 or NaN.
  if (s.bandwidth > 0.0 && s.bandwidth < 1e-12) {
    throw std::invalid_argument("key 'bandwidth' of algorithm '" + std::string(algorithm) +
                                "' must be 0 (the median distance) or at least 1e-12");
  }
  if (s.bandwidth == 0.0) {
    s.bandwidth = median_distance(problem.candidates);
    s.bandwidth_chosen = true;
  }
  s.noise_std = config.real("noise_std");
  if (s.noise_std == 0.0) s.noise_std = problem.noise_std > 0.0 ? problem.noise_std : 0.01;
  s.lambda = config.real("lambda");
  if (s.lambda == 0.0) s.lambda = s.noise_std * s.noise_std;
  s.norm_bound = config.real("norm_bound");
  s.delta = config.real("delta");
  s.schedule = config.string("width_schedule") == "theorem" ? WidthSchedule::theorem
                                                            : WidthSchedule::reference;
  if (config.has("c_tilde")) s.c_tilde = config.real("c_tilde");
  if (config.has("q_bar")) s.q_bar = config.real("q_bar");
  s.design_from_host = config.boolean(kDesignFromHost);
  return s;
}

}  // namespace bopp::bbkb
