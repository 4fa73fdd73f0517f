#include <bopp/bo/sobol_sequence.hpp>

#include <random>
#include <stdexcept>
#include <string>

namespace bopp::bo {

namespace {

std::size_t checked_dimension(std::size_t dim) {
  if (dim == 0 || dim > SobolSequence::max_dimension) {
    throw std::invalid_argument("the Sobol sequence supports 1.." +
                                std::to_string(SobolSequence::max_dimension) +
                                " dimensions, asked for " + std::to_string(dim));
  }
  return dim;
}

}  // namespace

SobolSequence::SobolSequence(std::size_t dim, std::uint64_t seed)
    : engine_(checked_dimension(dim)), shift_(dim) {
  std::mt19937_64 rng(seed);
  for (auto& mask : shift_) mask = rng();
}

void SobolSequence::next(std::span<double> out) {
  if (emitted_++ == 0) {
    for (std::size_t d = 0; d < shift_.size(); ++d) out[d] = unit_interval(shift_[d]);
    return;
  }
  // The engine yields one coordinate per call and moves to the next point after dimension().
  for (std::size_t d = 0; d < shift_.size(); ++d) out[d] = unit_interval(engine_() ^ shift_[d]);
}

void SobolSequence::save(StateArchive& archive) const { archive.write("emitted", emitted_); }

void SobolSequence::restore(const StateArchive& archive) {
  std::uint64_t emitted = 0;
  archive.read("emitted", emitted);
  // The engine is still at its start (a sequence is restored right after construction); it has
  // yielded every point but the first, one coordinate per call.
  engine_.seed();
  if (emitted > 1) engine_.discard((emitted - 1) * shift_.size());
  emitted_ = emitted;
}

}  // namespace bopp::bo
