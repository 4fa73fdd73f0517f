#include "draw_streams.hpp"

#include <bopp/kit/seed_mixing.hpp>

namespace bopp::stobnts {

DrawStreams draw_streams(std::uint64_t seed, std::uint64_t iteration, std::uint64_t draw) {
  const std::uint64_t base = mix64(mix64(mix64(seed) + iteration) + draw);
  return {std::mt19937_64(mix64(base ^ 1)), std::mt19937_64(mix64(base ^ 2)),
          std::mt19937_64(mix64(base ^ 3)), std::mt19937_64(mix64(base ^ 4))};
}

}  // namespace bopp::stobnts
