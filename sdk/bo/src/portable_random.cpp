#include <bopp/bo/portable_random.hpp>

#include <boost/random/chi_squared_distribution.hpp>

#include <cmath>
#include <numbers>

namespace bopp::bo {

double uniform(std::mt19937_64& rng, double lo, double hi) {
  return lo + (hi - lo) * unit_interval(rng());
}

std::uint64_t uniform_index(std::mt19937_64& rng, std::uint64_t n) {
  const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: the biased low values
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= threshold) return r % n;
  }
}

double standard_normal(std::mt19937_64& rng) {
  const double u1 = unit_interval(rng()) + 0x1.0p-53;
  const double u2 = unit_interval(rng());
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

double chi_squared(std::mt19937_64& rng, double k) {
  return boost::random::chi_squared_distribution<double>(k)(rng);
}

}  // namespace bopp::bo
