#include "shifted_sobol.hpp"

#include <random>
#include <stdexcept>
#include <string>

namespace bopp::random_search {

namespace {

std::size_t checked_dimension(std::size_t dim) {
  if (dim == 0 || dim > ShiftedSobol::max_dimension) {
    throw std::invalid_argument("the Sobol sequence supports 1.." +
                                std::to_string(ShiftedSobol::max_dimension) +
                                " dimensions, asked for " + std::to_string(dim));
  }
  return dim;
}

}  // namespace

ShiftedSobol::ShiftedSobol(std::size_t dim, std::uint64_t seed)
    : engine_(checked_dimension(dim)), shift_(dim) {
  std::mt19937_64 rng(seed);
  for (auto& mask : shift_) mask = rng();
}

void ShiftedSobol::next(std::span<double> out) {
  if (!started_) {
    for (std::size_t d = 0; d < shift_.size(); ++d) out[d] = unit_interval(shift_[d]);
    started_ = true;
    return;
  }
  // The engine yields one coordinate per call and moves to the next point after dimension().
  for (std::size_t d = 0; d < shift_.size(); ++d) out[d] = unit_interval(engine_() ^ shift_[d]);
}

}  // namespace bopp::random_search
