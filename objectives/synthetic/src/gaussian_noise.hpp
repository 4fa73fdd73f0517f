// Observation noise that depends only on the per-point seed, so a noisy run is reproducible
// whatever the evaluator and however points are batched.
#pragma once

#include <bopp/bo/portable_random.hpp>

#include <cstdint>
#include <random>

namespace bopp::synthetic {

// A standard normal draw fixed by `seed`, the same with libstdc++ and libc++
// (bopp/bo/portable_random.hpp).
inline double standard_normal(std::uint64_t seed) {
  std::mt19937_64 bits(seed);
  return bo::standard_normal(bits);
}

}  // namespace bopp::synthetic
