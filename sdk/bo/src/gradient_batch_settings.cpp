#include <bopp/bo/gradient_batch_settings.hpp>

namespace bopp::bo {

GradientBatchOptions GradientBatchSettings::options(GradientBatchOptions::Mode mode,
                                                    Eigen::Index batch, double box_delta) const {
  GradientBatchOptions o;
  o.mode = mode;
  o.batch = batch;
  o.box_delta = box_delta;
  o.min_reduction = mode == GradientBatchOptions::Mode::greedy ? eps_diff : 0.0;
  o.raw_samples = raw_samples;
  o.restarts = restarts;
  return o;
}

std::vector<Param> gradient_batch_params() {
  return {
      Param::real("eps_diff", 0.1,
                  "greedy gradient batch: stop once a point lowers the gradient trace by less than "
                  "this (Müller et al. synthetic: 0.1); 0 = always `batch` points")
          .at_least(0),
      Param::integer("raw_samples", 64,
                     "Sobol candidates per greedy point (Müller et al., BoTorch: 64)")
          .range(1, 100000),
      Param::integer("restarts", 5, "L-BFGS starts of the gradient-batch search (Müller et al.: 5)")
          .range(1, 1000),
  };
}

GradientBatchSettings read_gradient_batch_settings(const Config& config) {
  GradientBatchSettings s;
  s.eps_diff = config.real("eps_diff");
  s.raw_samples = static_cast<int>(config.integer("raw_samples"));
  s.restarts = static_cast<int>(config.integer("restarts"));
  return s;
}

}  // namespace bopp::bo
