// bopp/kit/seed_mixing.hpp: deriving independent seeds from one, for the host and plugins
// alike (a plugin that needs a second random stream derives its seed with it).
#pragma once

#include <cstdint>

namespace bopp {

// A well-mixed 64-bit function of its input (SplitMix64's finalizer, Steele et al. 2014):
// nearby inputs give unrelated outputs, so mix64(seed ^ stream) names a separate stream.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace bopp
