// Standard normal draws that depend only on a seed, identical with every standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

namespace bopp::gpsample {

// Box-Muller over std::mt19937_64, whose output the standard pins down, rather than
// std::normal_distribution, whose algorithm differs between standard libraries. Each draw
// takes two words of the engine, as objectives/synthetic's observation noise does.
class NormalStream {
 public:
  explicit NormalStream(std::uint64_t seed) : bits_(seed) {}

  double next() {
    const double u1 = (static_cast<double>(bits_() >> 11) + 1.0) * two_to_minus_53;  // (0, 1]
    const double u2 = static_cast<double>(bits_() >> 11) * two_to_minus_53;          // [0, 1)
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
  }
  // A uniform draw in [0, 1).
  double uniform() { return static_cast<double>(bits_() >> 11) * two_to_minus_53; }

 private:
  static constexpr double two_to_minus_53 = 0x1.0p-53;
  std::mt19937_64 bits_;
};

// The observation noise of one evaluation: a standard normal fixed by the point's seed.
inline double standard_normal(std::uint64_t seed) { return NormalStream(seed).next(); }

// An independent seed for each part of a function (its frequencies, its weights, ...):
// SplitMix64 of the function seed and a part tag, so the parts do not share a stream.
inline std::uint64_t part_seed(std::uint64_t seed, std::uint64_t part) {
  std::uint64_t z = seed + (part + 1) * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace bopp::gpsample
