// Observation noise that depends only on the per-point seed, so a noisy run is reproducible
// whatever the evaluator and however points are batched.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

namespace bopp::synthetic {

// A standard normal draw fixed by `seed`. Box-Muller over std::mt19937_64, whose output the
// standard pins down, rather than std::normal_distribution, whose algorithm differs between
// standard libraries: the same seed gives the same draw with libstdc++ and libc++.
inline double standard_normal(std::uint64_t seed) {
  std::mt19937_64 bits(seed);
  constexpr double two_to_minus_53 = 0x1.0p-53;
  const double u1 = (static_cast<double>(bits() >> 11) + 1.0) * two_to_minus_53;  // (0, 1]
  const double u2 = static_cast<double>(bits() >> 11) * two_to_minus_53;          // [0, 1)
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace bopp::synthetic
