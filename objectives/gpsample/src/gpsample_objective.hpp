// The gpsample objective: a function drawn from a Gaussian-process prior, minimized. The `seed`
// key names the function; the seed a host passes to create() chooses it only when seed = -1.
#pragma once

#include "gp_function.hpp"
#include "normal_stream.hpp"

#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <new>
#include <string>
#include <vector>

namespace bopp::gpsample {

class GpSampleObjective {
 public:
  static constexpr const char* name = "gpsample";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "a function drawn from a GP prior: a Fourier-feature path, a posterior mean or a grid sample";

  static std::vector<Param> params() {
    return {
        // The sizes are bounded where the function's arrays still fit a machine (a path holds
        // features x dim frequencies, a posterior_mean or grid a points^2 or grid^2 Cholesky
        // factor): a larger value is refused naming its key, not a bare std::bad_alloc.
        Param::integer("dim", 2, "number of dimensions").range(1, 10000),
        Param::integer("seed", 0,
                       "which function: the same seed gives the same function everywhere; -1: "
                       "the run's seed chooses it, so a bench over seeds 0..49 meets 50 functions")
            .at_least(-1),
        Param::real("lengthscale", 0.0,
                    "kernel lengthscale, > 0; default 2·l(d) of Müller et al. 2021 §4.1, "
                    "l(d) = δ(d)·0.1/δ(2), δ the mean distance of two points in the unit cube")
            .range(1e-12, 1e12)
            .make_optional(),
        Param::real("outputscale", 1.0, "prior variance σ² of the function, > 0")
            .range(1e-12, 1e12),
        Param::choice("kernel", "rbf", "rbf|matern52", "covariance of the prior"),
        Param::real("noise_std", 0.0, "standard deviation of Gaussian noise added to every value")
            .at_least(0.0),
        Param::real("lower", 0.0, "lower bound of every dimension"),
        Param::real("upper", 1.0, "upper bound of every dimension"),
        Param::choice("kind", "path", "path|posterior_mean|grid",
                      "path: random-Fourier-feature sample path on all of R^d; posterior_mean: "
                      "posterior mean given a prior sample at Sobol points of the box; grid: an "
                      "exact sample on a finite candidate set"),
        Param::integer("features", 4096, "random Fourier features of a path").range(1, 1000000),
        Param::integer("points", 1000, "Sobol points a posterior_mean is conditioned on")
            .range(1, 20000),
        Param::real("nugget", 0.693,
                    "posterior_mean: likelihood noise variance, as a fraction of the outputscale; "
                    "0.693 is GPyTorch's default that Müller et al.'s generator conditions with")
            .at_least(0.0),
        Param::integer(
            "grid", 100,
            "candidates of a grid: uniform in 1-D, Sobol points for dim > 1; must be > 0 "
            "for kind = grid")
            .range(0, 20000),
    };
  }

  GpSampleObjective(const Config& config, std::uint64_t run_seed, const Host&)
      : spec_(spec_from(config, run_seed)),
        function_(built(spec_, config)),
        noise_std_(config.real("noise_std")) {}

  Problem problem() const {
    Problem p;
    p.lower = spec_.lower;
    p.upper = spec_.upper;
    p.sense = Sense::minimize;
    if (function_.kind() == SampleKind::grid) {
      // The candidates are the whole domain, so the sampled minimum is the known optimum.
      p.candidates = function_.points();
      Eigen::Index best = 0;
      p.optimum_value = function_.sampled_values().minCoeff(&best);
      p.optimizer = function_.points().row(best).transpose();
    }
    p.noise_std = noise_std_;
    p.thread_safe = true;  // evaluate reads only constants; its noise comes from the point's seed
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    const double value = function_(x);
    return noise_std_ > 0.0 ? value + noise_std_ * standard_normal(seed) : value;
  }

 private:
  static GpFunctionSpec spec_from(const Config& config, std::uint64_t run_seed) {
    GpFunctionSpec spec;
    spec.dim = static_cast<Eigen::Index>(config.integer("dim"));
    const std::int64_t seed = config.integer("seed");
    spec.seed = seed >= 0 ? static_cast<std::uint64_t>(seed) : run_seed;
    spec.lengthscale =
        config.has("lengthscale") ? config.real("lengthscale") : default_lengthscale(spec.dim);
    if (!(spec.lengthscale > 0.0)) fail(config, "lengthscale", "must be > 0");
    spec.outputscale = config.real("outputscale");
    if (!(spec.outputscale > 0.0)) fail(config, "outputscale", "must be > 0");
    spec.kernel = bo::kernel_type_from_name(config.string("kernel"));
    const std::string kind = config.string("kind");
    spec.kind = kind == "grid"             ? SampleKind::grid
                : kind == "posterior_mean" ? SampleKind::posterior_mean
                                           : SampleKind::path;
    spec.features = static_cast<Eigen::Index>(config.integer("features"));
    spec.training_points = static_cast<Eigen::Index>(config.integer("points"));
    spec.nugget = config.real("nugget");
    spec.grid = static_cast<Eigen::Index>(config.integer("grid"));
    if (spec.kind == SampleKind::grid && spec.grid < 1)
      fail(config, "grid", "must be > 0 for kind = grid");
    const double lower = config.real("lower");
    const double upper = config.real("upper");
    if (!(lower < upper)) fail(config, "upper", "must be greater than lower");
    spec.lower = Eigen::VectorXd::Constant(spec.dim, lower);
    spec.upper = Eigen::VectorXd::Constant(spec.dim, upper);
    return spec;
  }

  // The function, or, when its arrays do not fit in memory, an error naming the keys that
  // size them rather than a bare std::bad_alloc.
  static GpFunction built(const GpFunctionSpec& spec, const Config& config) {
    try {
      return GpFunction(spec);
    } catch (const std::bad_alloc&) {
      const char* key = spec.kind == SampleKind::path             ? "features"
                        : spec.kind == SampleKind::posterior_mean ? "points"
                                                                  : "grid";
      fail(config, key,
           "(with dim = " + std::to_string(spec.dim) +
               ") makes a function too large for memory; lower it or dim");
    }
  }

  [[noreturn]] static void fail(const Config& config, const std::string& key,
                                const std::string& what) {
    const toml::node* node = config.table().get(key);
    throw SchemaError(key, node != nullptr ? node->source().begin.line : 0,
                      "key '" + key + "' of objective 'gpsample' " + what);
  }

  GpFunctionSpec spec_;
  GpFunction function_;
  double noise_std_;
};

}  // namespace bopp::gpsample
