// Objectives that fail in the ways a host must survive: exceptions, non-finite values, slow
// evaluations (to be killed), and coordinates the host forgot to round.
#pragma once

#include <bopp/plugin.hpp>

#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

namespace misbehaving {

inline bopp::Problem unit_square() {
  bopp::Problem p = bopp::Problem::box(2, 0.0, 1.0);
  p.optimum_value = 0.0;
  p.optimizer = Eigen::Vector2d::Zero();
  return p;
}

// Sum of squares on [0, 1]^2, but evaluate throws for x0 > 0.5: the point must fail, the run
// must go on.
struct ThrowingObjective {
  static constexpr const char* name = "throwing_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^2; throws when x0 > 0.5";
  static std::vector<bopp::Param> params() { return {}; }
  ThrowingObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return unit_square(); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (x[0] > 0.5) throw std::runtime_error("boom at x0 > 0.5");
    return x.squaredNorm();
  }
};

// Sum of squares on [0, 1]^2, but NaN for x0 > 0.5 and +Inf for x1 > 0.9, with status OK: the
// host must turn them into failures, not pass them to the algorithm as values.
struct NanObjective {
  static constexpr const char* name = "nan_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "sum of squares on [0, 1]^2; NaN when x0 > 0.5, +Inf when x1 > 0.9";
  static std::vector<bopp::Param> params() { return {}; }
  NanObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return unit_square(); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (x[0] > 0.5) return std::numeric_limits<double>::quiet_NaN();
    if (x[1] > 0.9) return std::numeric_limits<double>::infinity();
    return x.squaredNorm();
  }
};

// Sum of squares on [0, 1]^dim after sleeping `sleep_ms` per point: long enough for a test to
// kill the process (kill -9) in the middle of a run. `noise` adds a value drawn from the
// evaluation's seed, uniform in [-noise/2, noise/2): a noisy objective whose values depend on
// the seed alone, for the tests that resume a killed run. `jitter_ms` sleeps jitter_ms * x0
// more, so that points finish out of order (the asynchronous-run tests).
struct SlowObjective {
  static constexpr const char* name = "slow_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^dim, after sleep_ms per point";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::integer("dim", 2, "number of dimensions").range(1, 1000),
            bopp::Param::real("sleep_ms", 20.0, "milliseconds slept per point").at_least(0.0),
            bopp::Param::real("noise", 0.0, "width of the seeded uniform noise").at_least(0.0),
            bopp::Param::real("jitter_ms", 0.0, "milliseconds slept more per unit of x0")
                .at_least(0.0)};
  }
  SlowObjective(const bopp::Config& config, std::uint64_t, const bopp::Host&)
      : dim(config.integer("dim")),
        sleep_ms(config.real("sleep_ms")),
        noise(config.real("noise")),
        jitter_ms(config.real("jitter_ms")) {}
  bopp::Problem problem() const {
    bopp::Problem p = bopp::Problem::box(dim, 0.0, 1.0);
    p.optimum_value = 0.0;
    return p;
  }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) {
    std::this_thread::sleep_for(
        std::chrono::duration<double, std::milli>(sleep_ms + jitter_ms * x[0]));
    const double uniform = static_cast<double>(seed >> 11) * 0x1.0p-53;  // [0, 1)
    return x.squaredNorm() + noise * (uniform - 0.5);
  }
  std::int64_t dim;
  double sleep_ms;
  double noise;
  double jitter_ms;
};

// x0 + x1 + x2 over a continuous [0, 1], an integer [0, 10] and a 4-level categorical [0, 3]
// dimension. Throws when x1 or x2 is not a whole number: a successful evaluation proves the
// host rounded them.
struct MixedObjective {
  static constexpr const char* name = "mixed_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "x0 + x1 + x2: continuous, integer and categorical; throws on an unrounded x1 or x2";
  static std::vector<bopp::Param> params() { return {}; }
  MixedObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const {
    bopp::Problem p;
    p.lower = Eigen::Vector3d(0.0, 0.0, 0.0);
    p.upper = Eigen::Vector3d(1.0, 10.0, 3.0);
    p.kinds = {bopp::DimensionKind::continuous, bopp::DimensionKind::integer,
               bopp::DimensionKind::categorical};
    p.optimum_value = 0.0;
    p.optimizer = Eigen::Vector3d::Zero();
    return p;
  }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    for (Eigen::Index i : {1, 2}) {
      if (x[i] != std::round(x[i])) {
        throw std::runtime_error("mixed_objective: x" + std::to_string(i) + " = " +
                                 std::to_string(x[i]) +
                                 " is not a whole number; the host must "
                                 "round integer and categorical coordinates");
      }
    }
    return x[0] + x[1] + x[2];
  }
};

}  // namespace misbehaving
