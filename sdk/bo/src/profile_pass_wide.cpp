// The kernel profile for AVX2 and FMA (profile_pass.hpp). This unit alone is compiled with
// -mavx2 -mfma -ffast-math (sdk/bo/CMakeLists.txt): -ffast-math is what lets GCC call glibc's
// vector exp (libmvec) from the loop below, four elements at a time.
#include "profile_pass.hpp"

#include <algorithm>
#include <cmath>

namespace bopp::bo::profile_pass {

namespace {

// Elements per pass of the loop: a multiple of the vector width, so the loop has no scalar
// remainder and every element goes through the same instructions wherever it sits.
constexpr std::ptrdiff_t lanes = 64;

// value ← σ² g(s), derivative ← σ² g'(s) for one full block of `lanes` elements. A pass for the
// values alone runs this too: a loop without the derivative compiles, under -ffast-math, to
// another rounding of the value (a test checks that the passes agree).
void block(Shape shape, double outputscale, const double* __restrict s, double* __restrict value,
           double* __restrict derivative) {
  const double sqrt3 = std::sqrt(3.0), sqrt5 = std::sqrt(5.0);
  switch (shape) {
    case Shape::rbf:
      for (std::ptrdiff_t i = 0; i < lanes; ++i) {
        const double e = std::exp(-0.5 * s[i]);
        value[i] = outputscale * e;
        derivative[i] = -0.5 * outputscale * e;
      }
      break;
    case Shape::matern12:
      for (std::ptrdiff_t i = 0; i < lanes; ++i) {
        const double r = std::sqrt(s[i]);
        const double e = std::exp(-r);
        value[i] = outputscale * e;
        derivative[i] = r > 0 ? -0.5 * outputscale * e / r : 0.0;
      }
      break;
    case Shape::matern32:
      for (std::ptrdiff_t i = 0; i < lanes; ++i) {
        const double r = sqrt3 * std::sqrt(s[i]);
        const double e = std::exp(-r);
        value[i] = outputscale * (1 + r) * e;
        derivative[i] = -1.5 * outputscale * e;
      }
      break;
    case Shape::matern52:
      for (std::ptrdiff_t i = 0; i < lanes; ++i) {
        const double r = sqrt5 * std::sqrt(s[i]);
        const double e = std::exp(-r);
        value[i] = outputscale * (1 + r + (5.0 / 3.0) * s[i]) * e;
        derivative[i] = (-5.0 / 6.0) * outputscale * (1 + r) * e;
      }
      break;
  }
}

// Runs `block` over s in blocks of `lanes` on stack buffers (the last one padded with zeros)
// and hands each block's results to `store(offset, length, value, derivative)`.
template <class Store>
void run(Shape shape, double outputscale, const double* s, std::ptrdiff_t count, Store store) {
  alignas(32) double in[lanes], value[lanes], derivative[lanes];
  for (std::ptrdiff_t offset = 0; offset < count; offset += lanes) {
    const std::ptrdiff_t length = std::min(lanes, count - offset);
    std::copy(s + offset, s + offset + length, in);
    std::fill(in + length, in + lanes, 0.0);
    block(shape, outputscale, in, value, derivative);
    store(offset, length, value, derivative);
  }
}

}  // namespace

void wide_values(Shape shape, double outputscale, double* s, std::ptrdiff_t count) {
  run(shape, outputscale, s, count,
      [s](std::ptrdiff_t offset, std::ptrdiff_t length, const double* value, const double*) {
        std::copy(value, value + length, s + offset);
      });
}

void wide_derivatives(Shape shape, double outputscale, double* s, std::ptrdiff_t count) {
  run(shape, outputscale, s, count,
      [s](std::ptrdiff_t offset, std::ptrdiff_t length, const double*, const double* derivative) {
        std::copy(derivative, derivative + length, s + offset);
      });
}

void wide_values_and_derivatives(Shape shape, double outputscale, double* s, double* value,
                                 std::ptrdiff_t count) {
  run(shape, outputscale, s, count,
      [s, value](std::ptrdiff_t offset, std::ptrdiff_t length, const double* v,
                 const double* derivative) {
        std::copy(v, v + length, value + offset);
        std::copy(derivative, derivative + length, s + offset);
      });
}

}  // namespace bopp::bo::profile_pass
