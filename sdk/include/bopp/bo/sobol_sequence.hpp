// bopp/bo/sobol_sequence.hpp: a Sobol sequence in the unit cube with a random digital shift (see
// L'Ecuyer and Lemieux 2002, "Recent advances in randomized quasi-Monte Carlo methods"): every
// coordinate's 64-bit integer is XORed with a per-dimension random mask drawn from the seed. A
// digital shift keeps the (t, m, s)-net property, so each block of 2^m points stays as evenly
// spread as the plain sequence, while different seeds give different, independently randomized
// designs.
//
// The sequence starts at its point 0 (the origin, shifted: the shift itself). Boost's engine
// starts at point 1, which would break the net property of every block of 2^m points, so the
// first point is emitted here before the engine's.
#pragma once

#include <bopp/bo/portable_random.hpp>
#include <bopp/kit/state_archive.hpp>

#include <boost/random/sobol.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace bopp::bo {

// The sequence as a stream: a caller may take its points in as many pieces as it likes.
class SobolSequence {
 public:
  // The largest dimension Boost.Random's Sobol tables support (3667 in Boost 1.74).
  static constexpr std::size_t max_dimension = boost::random::default_sobol_table::max_dimension;

  // Throws std::invalid_argument when dim is 0 or above max_dimension.
  SobolSequence(std::size_t dim, std::uint64_t seed);

  std::size_t dimension() const { return shift_.size(); }

  // Writes the next point, each coordinate in [0, 1), into `out` (dimension() values).
  void next(std::span<double> out);

  // Where the stream stands, for checkpoints; restore into a sequence of the same dim and seed.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  boost::random::sobol engine_;
  std::vector<std::uint64_t> shift_;
  std::uint64_t emitted_ = 0;  // points written by next(); the first is point 0, not the engine's
};

}  // namespace bopp::bo
