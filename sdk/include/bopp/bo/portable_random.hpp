// bopp/bo/portable_random.hpp: random draws that give the same numbers with every standard
// library. std::mt19937_64's output is fixed by the standard; the algorithms of
// std::*_distribution and std::shuffle are not (libstdc++ and libc++ differ), and a run, a
// noisy evaluation or a function named by a seed must replay bit for bit everywhere.
#pragma once

#include <cstdint>
#include <random>

namespace bopp::bo {

// The top 53 bits of `bits` as a double in [0, 1): every value exactly representable.
inline double unit_interval(std::uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

// Uniform in [lo, hi).
double uniform(std::mt19937_64& rng, double lo, double hi);

// Uniform in {0, …, n − 1}, n ≥ 1, by rejection of the low values that would bias r mod n.
std::uint64_t uniform_index(std::mt19937_64& rng, std::uint64_t n);

// A standard normal draw by Box & Muller 1958, the cosine of the pair: two words of the
// engine, u₁ in (0, 1] (so log u₁ is finite) and u₂ in [0, 1).
double standard_normal(std::mt19937_64& rng);

// A chi-squared draw with k > 0 degrees of freedom: Boost.Random's, whose algorithm is Boost's
// own on every standard library.
double chi_squared(std::mt19937_64& rng, double k);

}  // namespace bopp::bo
