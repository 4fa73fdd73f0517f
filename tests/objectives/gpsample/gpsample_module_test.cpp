// gpsample through the module's C table: which configurations it accepts, that a seed names
// one function, its candidate set, its noise and its speed in many dimensions.
#include "gpsample_module.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace gpsample_test {
namespace {

std::vector<double> random_points(std::size_t n, std::size_t dim, double lo, double hi,
                                  std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> X(n * dim);
  for (double& x : X) x = u(rng);
  return X;
}

const std::vector<std::string> every_kind = {
    "kind = \"path\"", "kind = \"posterior_mean\"\npoints = 100", "kind = \"grid\"\ngrid = 30"};

TEST(GpSampleModule, SameSeedKeyGivesTheSameFunctionBitForBit) {
  for (const std::string& kind : every_kind) {
    for (const std::string kernel : {"rbf", "matern52"}) {
      const std::string config = "dim = 3\nseed = 7\nkernel = \"" + kernel + "\"\n" + kind;
      const Objective a(config, 1);
      const Objective b(config, 99);  // the host's create() seed does not pick the function
      const auto X = random_points(20, 3, 0.0, 1.0, 5);
      const auto ya = a.evaluate(X);
      const auto yb = b.evaluate(X);
      for (std::size_t i = 0; i < ya.size(); ++i)
        EXPECT_EQ(ya[i], yb[i]) << config << " point " << i;
    }
  }
}

TEST(GpSampleModule, DifferentSeedKeysGiveDifferentFunctions) {
  for (const std::string& kind : every_kind) {
    const Objective a("dim = 2\nseed = 1\n" + kind);
    const Objective b("dim = 2\nseed = 2\n" + kind);
    const auto X = random_points(20, 2, 0.0, 1.0, 6);
    const auto ya = a.evaluate(X);
    const auto yb = b.evaluate(X);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < ya.size(); ++i) differing += ya[i] != yb[i] ? 1 : 0;
    EXPECT_GE(differing, 18u) << kind;
  }
}

TEST(GpSampleModule, SeedMinusOneLetsTheRunSeedChooseTheFunction) {
  // A bench over run seeds meets one function per seed: the same run seed gives the same
  // function, another run seed another one.
  for (const std::string& kind : every_kind) {
    const std::string config = "dim = 2\nseed = -1\n" + kind;
    const Objective a(config, 11);
    const Objective b(config, 11);
    const Objective c(config, 12);
    const auto X = random_points(20, 2, 0.0, 1.0, 8);
    const auto ya = a.evaluate(X);
    const auto yb = b.evaluate(X);
    const auto yc = c.evaluate(X);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < ya.size(); ++i) {
      EXPECT_EQ(ya[i], yb[i]) << kind << " point " << i;
      differing += ya[i] != yc[i] ? 1 : 0;
    }
    EXPECT_GE(differing, 18u) << kind;
  }
}

TEST(GpSampleModule, DeclaresAMinimizedBoxWithoutKnownOptimumForPaths) {
  const Objective f("dim = 4\nlower = -2.0\nupper = 3.0");
  const bopp_problem& p = f.problem();
  ASSERT_EQ(p.dim, 4u);
  EXPECT_EQ(p.sense, BOPP_MINIMIZE);
  EXPECT_EQ(p.has_optimum, 0);
  EXPECT_EQ(p.candidate_count, 0u);
  for (std::uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(p.lower[i], -2.0);
    EXPECT_EQ(p.upper[i], 3.0);
  }
}

TEST(GpSampleModule, GridKindDeclaresItsCandidatesAndAnswersAtTheNearest) {
  const Objective line("dim = 1\nkind = \"grid\"\ngrid = 11\nlower = -1.0\nupper = 1.0");
  const bopp_problem& p = line.problem();
  ASSERT_EQ(p.candidate_count, 11u);
  ASSERT_NE(p.candidates, nullptr);
  std::vector<double> at_candidates(p.candidates, p.candidates + 11);
  for (std::size_t i = 0; i < 11; ++i)
    EXPECT_NEAR(at_candidates[i], -1.0 + 0.2 * static_cast<double>(i), 1e-12);
  const auto y = line.evaluate(at_candidates);
  std::vector<double> nudged = at_candidates;
  for (double& x : nudged) x += 0.05;
  EXPECT_EQ(line.evaluate(nudged), y);
  ASSERT_EQ(p.has_optimum, 1);
  EXPECT_EQ(p.optimum_value, *std::min_element(y.begin(), y.end()));
  EXPECT_EQ(line.evaluate({p.optimizer[0]})[0], p.optimum_value);

  const Objective cloud("dim = 3\nkind = \"grid\"\ngrid = 40\nlower = 2.0\nupper = 4.0");
  const bopp_problem& q = cloud.problem();
  ASSERT_EQ(q.candidate_count, 40u);
  for (std::size_t i = 0; i < 40 * 3; ++i) {
    EXPECT_GE(q.candidates[i], 2.0);
    EXPECT_LE(q.candidates[i], 4.0);
  }
}

TEST(GpSampleModule, NoiseIsReproduciblePerPointSeed) {
  const Objective clean("dim = 2\nseed = 3");
  const Objective noisy("dim = 2\nseed = 3\nnoise_std = 0.5");
  EXPECT_EQ(noisy.problem().noise_std, 0.5);
  const auto X = random_points(1, 2, 0.0, 1.0, 8);
  const std::vector<double> repeated = {X[0], X[1], X[0], X[1], X[0], X[1]};
  const auto y = noisy.evaluate(repeated, {11, 11, 12});
  EXPECT_EQ(y[0], y[1]);
  EXPECT_NE(y[0], y[2]);
  EXPECT_NE(y[0], clean.evaluate(X)[0]);
  const Objective again("dim = 2\nseed = 3\nnoise_std = 0.5");
  EXPECT_EQ(again.evaluate(X, {12})[0], y[2]);
}

TEST(GpSampleModule, RejectsBadConfigurations) {
  EXPECT_EQ(create_status("dim = 0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("lengthscale = 0.0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("lengthscale = -1.0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("outputscale = 0.0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("kind = \"grid\"\ngrid = 0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("kind = \"grid\"\ngrid = -3"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("kernel = \"matern12\""), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("kind = \"other\""), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("lower = 1.0\nupper = 1.0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("seed = -2"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("noise_std = -0.1"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("features = 0"), BOPP_INVALID_CONFIG);
  EXPECT_EQ(create_status("grid = 0"), BOPP_OK);  // grid is read only by kind = grid
}

TEST(GpSampleModule, PathCreatesAndEvaluatesQuicklyInDimension100) {
  for (const std::string kernel : {"rbf", "matern52"}) {
    const auto start = std::chrono::steady_clock::now();
    const Objective f("dim = 100\nseed = 4\nkernel = \"" + kernel + "\"");
    const auto y = f.evaluate(random_points(10, 100, 0.0, 1.0, 9));
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_LT(elapsed.count(), 1.0) << kernel;
    for (double v : y) EXPECT_TRUE(std::isfinite(v));
  }
}

TEST(GpSampleModule, PosteriorMeanEvaluatesAwayFromItsTrainingPoints) {
  const Objective f("dim = 2\nkind = \"posterior_mean\"\npoints = 300");
  const auto y = f.evaluate(random_points(5, 2, 0.0, 1.0, 10));
  for (double v : y) EXPECT_TRUE(std::isfinite(v));
}

}  // namespace
}  // namespace gpsample_test
