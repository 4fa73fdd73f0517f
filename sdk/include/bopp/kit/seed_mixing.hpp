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

// The seed of element `index` of stream `stream` of a run seeded `seed`: e.g. stream = the
// number of the ask, index = the point or the draw within it. Distinct (seed, stream, index)
// give unrelated seeds, and a replay of the run derives the same ones, whatever happened in
// between (unlike drawing sub-seeds from one generator, which couples every later draw to
// how many came before).
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream,
                                    std::uint64_t index = 0) {
  return mix64(mix64(mix64(seed) ^ stream) ^ index);
}

}  // namespace bopp
