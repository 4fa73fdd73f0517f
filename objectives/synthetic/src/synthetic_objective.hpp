// One bopp objective class per test function of the catalog: the function on its standard
// domain, minimized, with its known minimum and optional Gaussian observation noise.
#pragma once

#include "catalog.hpp"
#include "gaussian_noise.hpp"

#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bopp::synthetic {

template <const TestFunction& F>
class SyntheticObjective {
 public:
  static constexpr const char* name = F.name;
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = F.summary;

  static std::vector<Param> params() {
    std::vector<Param> params;
    if (F.dimension.configurable) {
      params.push_back(Param::integer("dim", F.dimension.default_dim, "number of dimensions")
                           .at_least(F.dimension.minimum));
    }
    params.push_back(
        Param::real("noise_std", 0.0, "standard deviation of Gaussian noise added to every value")
            .at_least(0.0));
    return params;
  }

  // The functions are deterministic: the construction seed has nothing to fix.
  SyntheticObjective(const Config& config, std::uint64_t, const Host&)
      : dim_(dimension_from(config)), noise_std_(config.real("noise_std")) {}

  Problem problem() const {
    Problem p;
    p.lower.resize(dim_);
    p.upper.resize(dim_);
    for (Eigen::Index i = 0; i < dim_; ++i) {
      p.lower[i] = F.bounds(i).lower;
      p.upper[i] = F.bounds(i).upper;
    }
    p.sense = Sense::minimize;
    if (const auto minimum = F.minimum(dim_)) {
      p.optimum_value = minimum->value;
      p.optimizer = minimum->optimizer;
    }
    p.noise_std = noise_std_;
    p.thread_safe = true;  // evaluate reads only constants; its noise comes from the point's seed
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    const double value = F.value(x);
    return noise_std_ > 0.0 ? value + noise_std_ * standard_normal(seed) : value;
  }

 private:
  // `dim` from the configuration (its schema checks the minimum), or the fixed dimension.
  static Eigen::Index dimension_from(const Config& config) {
    if (!F.dimension.configurable) return F.dimension.default_dim;
    return static_cast<Eigen::Index>(config.integer("dim"));
  }

  Eigen::Index dim_;
  double noise_std_;
};

}  // namespace bopp::synthetic
