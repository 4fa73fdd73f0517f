// Portable draws: the Box–Muller formula pinned bit for bit, ranges, and the moments.
#include <bopp/bo/portable_random.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace {

TEST(PortableRandom, StandardNormalIsBoxMullerOnTwoWords) {
  std::mt19937_64 a(7), b(7);
  const double u1 = (static_cast<double>(b() >> 11) + 1.0) * 0x1.0p-53;
  const double u2 = static_cast<double>(b() >> 11) * 0x1.0p-53;
  EXPECT_EQ(bopp::bo::standard_normal(a),
            std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2));
  EXPECT_EQ(a(), b());
}

TEST(PortableRandom, DrawsStayInTheirRanges) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; ++i) {
    const double u = bopp::bo::uniform(rng, -2.0, 3.0);
    EXPECT_GE(u, -2.0);
    EXPECT_LT(u, 3.0);
    EXPECT_LT(bopp::bo::uniform_index(rng, 7), 7u);
    EXPECT_TRUE(std::isfinite(bopp::bo::standard_normal(rng)));
  }
}

TEST(PortableRandom, MomentsMatchTheDistributions) {
  std::mt19937_64 rng(2);
  const int n = 20000;
  double normal_sum = 0, normal_squares = 0, chi_sum = 0;
  std::vector<int> counts(4, 0);
  for (int i = 0; i < n; ++i) {
    const double z = bopp::bo::standard_normal(rng);
    normal_sum += z;
    normal_squares += z * z;
    chi_sum += bopp::bo::chi_squared(rng, 5.0);
    ++counts[bopp::bo::uniform_index(rng, 4)];
  }
  EXPECT_NEAR(normal_sum / n, 0.0, 0.03);
  EXPECT_NEAR(normal_squares / n, 1.0, 0.04);
  EXPECT_NEAR(chi_sum / n, 5.0, 0.1);
  for (int c : counts) EXPECT_NEAR(c, n / 4, 300);
}

}  // namespace
