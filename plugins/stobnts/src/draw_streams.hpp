// The random streams of one Thompson draw, named by (run seed, iteration, draw index), so that
// every draw of every iteration is fresh, and a resumed run redraws exactly what it drew
// before. The reference code re-seeds one key every iteration, so it reuses the same B
// networks throughout a run and across runs; this is the fix.
#pragma once

#include <cstdint>
#include <random>

namespace bopp::stobnts {

struct DrawStreams {
  std::mt19937_64 initial;    // θ0
  std::mt19937_64 auxiliary;  // θ0' (tangent offset or feature network)
  std::mt19937_64 targets;    // the target perturbation, when on
  std::mt19937_64 search;     // the random points of the acquisition search
};

DrawStreams draw_streams(std::uint64_t seed, std::uint64_t iteration, std::uint64_t draw);

}  // namespace bopp::stobnts
