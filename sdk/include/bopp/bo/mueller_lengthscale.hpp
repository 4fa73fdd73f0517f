// bopp/bo/mueller_lengthscale.hpp: the lengthscale of Müller et al.'s synthetic functions.
#pragma once

#include <Eigen/Core>

#include <cmath>

namespace bopp::bo {

// The mean distance of two uniform points in the unit n-cube (the approximation Müller et
// al. 2021 use, exact for n = 1).
inline double mean_distance_in_unit_cube(double n) {
  return std::sqrt(n / 6.0) * std::sqrt((1.0 + 2.0 * std::sqrt(1.0 - 3.0 / (5.0 * n))) / 3.0);
}

// 2·l(d) with l(d) = δ(d)·0.1/δ(2), δ the mean distance above: a lengthscale in the unit cube
// that makes a GP sample about equally hard in every dimension (Müller et al. 2021, §4.1).
// The gpsample objective's default, and the gibo and minucb plugins' default belief about it.
inline double mueller_lengthscale(Eigen::Index dim) {
  return 2.0 * mean_distance_in_unit_cube(static_cast<double>(dim)) * 0.1 /
         mean_distance_in_unit_cube(2.0);
}

}  // namespace bopp::bo
