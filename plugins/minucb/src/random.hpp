// Draws from a std::mt19937_64 by the plugin's own formulas: std::*_distribution differs
// between standard libraries, and a run must replay bit for bit everywhere.
#pragma once

#include <bopp/bo/sobol_sequence.hpp>

#include <Eigen/Core>

#include <cmath>
#include <numbers>
#include <random>

namespace bopp::minucb {

// Uniform in (0, 1]: never 0, so its logarithm is finite.
inline double uniform_open(std::mt19937_64& rng) { return bo::unit_interval(rng()) + 0x1.0p-53; }

// Box–Muller, one of the pair.
inline double standard_normal(std::mt19937_64& rng) {
  const double r = std::sqrt(-2.0 * std::log(uniform_open(rng)));
  return r * std::cos(2.0 * std::numbers::pi * bo::unit_interval(rng()));
}

// A point drawn uniformly in the box [lower, upper].
inline Eigen::VectorXd uniform_in_box(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                      std::mt19937_64& rng) {
  Eigen::VectorXd x(lower.size());
  for (Eigen::Index i = 0; i < x.size(); ++i)
    x[i] = lower[i] + bo::unit_interval(rng()) * (upper[i] - lower[i]);
  return x;
}

}  // namespace bopp::minucb
