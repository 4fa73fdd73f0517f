// Dai et al. 2022, Figure 1d: the figure's network (L = 8 erf layers, σ_w = 1.5, σ_b = 0.05,
// d = 1) and its analytic neural tangent kernel, shared by dai-fig1-ntk-limit.cpp and
// dai-fig1-width-probe.cpp. Needs only the standard library.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

namespace dai_fig1 {

constexpr double weight_std = 1.5, bias_std = 0.05, noise_variance = 0.01;
constexpr int depth = 8;

// The NTK recursion for erf (Jacot et al. 2018; Williams 1997 for the erf expectations).
inline double erf_ntk(double x, double z) {
  const double sw2 = weight_std * weight_std, sb2 = bias_std * bias_std;
  double s11 = sw2 * x * x + sb2, s22 = sw2 * z * z + sb2, s12 = sw2 * x * z + sb2;
  double ntk = s12;
  const auto e = [](double a) { return 2 / std::numbers::pi * std::asin(a); };
  for (int l = 1; l <= depth; ++l) {
    const double q = (1 + 2 * s11) * (1 + 2 * s22);
    const double derivative = 4 / std::numbers::pi / std::sqrt(std::max(q - 4 * s12 * s12, 1e-300));
    const double next = sw2 * e(2 * s12 / std::sqrt(q)) + sb2;
    ntk = next + sw2 * derivative * ntk;
    s12 = next;
    s11 = sw2 * e(2 * s11 / (1 + 2 * s11)) + sb2;
    s22 = sw2 * e(2 * s22 / (1 + 2 * s22)) + sb2;
  }
  return ntk;
}

}  // namespace dai_fig1
