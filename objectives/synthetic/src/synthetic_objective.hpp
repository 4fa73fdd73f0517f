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
      std::string help = "number of dimensions";
      if (F.dimension.multiple_of > 1)
        help += ", a multiple of " + std::to_string(F.dimension.multiple_of);
      params.push_back(
          Param::integer("dim", F.dimension.default_dim, help).at_least(F.dimension.minimum));
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
  // `dim` from the configuration, checked against what the schema cannot say (a multiple).
  static Eigen::Index dimension_from(const Config& config) {
    if (!F.dimension.configurable) return F.dimension.default_dim;
    const std::int64_t dim = config.integer("dim");
    if (!F.dimension.allows(dim)) {
      const toml::node* node = config.table().get("dim");
      throw SchemaError("dim", node != nullptr ? node->source().begin.line : 0,
                        "key 'dim' of objective '" + std::string(F.name) +
                            "' must be a multiple of " + std::to_string(F.dimension.multiple_of) +
                            ", got " + std::to_string(dim));
    }
    return static_cast<Eigen::Index>(dim);
  }

  Eigen::Index dim_;
  double noise_std_;
};

}  // namespace bopp::synthetic
