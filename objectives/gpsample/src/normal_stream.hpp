// Standard normal draws that depend only on a seed, identical with every standard library.
#pragma once

#include <bopp/bo/portable_random.hpp>

#include <cstdint>
#include <random>

namespace bopp::gpsample {

// The toolkit's portable draws (bopp/bo/portable_random.hpp) over one engine. Each normal
// takes two words of the engine, as objectives/synthetic's observation noise does.
class NormalStream {
 public:
  explicit NormalStream(std::uint64_t seed) : bits_(seed) {}

  double next() { return bo::standard_normal(bits_); }
  // A uniform draw in [0, 1).
  double uniform() { return bo::unit_interval(bits_()); }

 private:
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
