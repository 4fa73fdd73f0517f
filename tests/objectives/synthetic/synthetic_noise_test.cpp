// noise_std adds Gaussian noise fixed by each point's seed: reproducible, seed-dependent, and
// absent by default.
#include "synthetic_module.hpp"
#include "synthetic_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace synthetic_test {
namespace {

const Vector point = {0.3, -1.2};

TEST(SyntheticNoise, IsDeclaredInTheProblem) {
  EXPECT_EQ(Objective("rastrigin", "noise_std = 0.5").problem().noise_std, 0.5);
  EXPECT_EQ(Objective("branin", "noise_std = 2").problem().noise_std, 2.0);
}

TEST(SyntheticNoise, SameSeedGivesTheSameValue) {
  const Objective a("rastrigin", "noise_std = 0.5");
  const Objective b("rastrigin", "noise_std = 0.5");
  EXPECT_EQ(a.evaluate_one(point, 42), a.evaluate_one(point, 42));
  EXPECT_EQ(a.evaluate_one(point, 42), b.evaluate_one(point, 42));
}

TEST(SyntheticNoise, DifferentSeedsGiveDifferentValues) {
  const Objective objective("rastrigin", "noise_std = 0.5");
  EXPECT_NE(objective.evaluate_one(point, 1), objective.evaluate_one(point, 2));
  EXPECT_NE(objective.evaluate_one(point, 1), reference("rastrigin").formula(point));
}

TEST(SyntheticNoise, ZeroNoiseGivesTheExactValueWhateverTheSeed) {
  const Objective objective("rastrigin", "noise_std = 0");
  const double exact = reference("rastrigin").formula(point);
  for (std::uint64_t seed : {0ull, 1ull, 12345ull})
    EXPECT_NEAR(objective.evaluate_one(point, seed), exact, 1e-12);
}

TEST(SyntheticNoise, DoesNotDependOnHowPointsAreBatched) {
  const Objective objective("sphere", "dim = 2\nnoise_std = 1");
  const Vector X = {0, 0, 1, 1, 2, 2};
  const std::vector<std::uint64_t> seeds = {5, 6, 7};
  const Vector together = objective.evaluate(X, seeds);
  for (std::size_t k = 0; k < seeds.size(); ++k)
    EXPECT_EQ(together[k], objective.evaluate_one({X[2 * k], X[2 * k + 1]}, seeds[k]));
}

TEST(SyntheticNoise, HasZeroMeanAndTheConfiguredStandardDeviation) {
  const Objective objective("sphere", "dim = 2\nnoise_std = 0.5");
  constexpr std::size_t n = 20000;
  Vector X;
  std::vector<std::uint64_t> seeds;
  for (std::size_t k = 0; k < n; ++k) {
    X.insert(X.end(), point.begin(), point.end());
    seeds.push_back(1000 + k);
  }
  const Vector y = objective.evaluate(X, seeds);
  const double exact = reference("sphere").formula(point);
  double sum = 0.0, sum_squares = 0.0;
  for (double v : y) {
    sum += v - exact;
    sum_squares += (v - exact) * (v - exact);
  }
  const double mean = sum / n;
  const double std_dev = std::sqrt(sum_squares / n - mean * mean);
  EXPECT_NEAR(mean, 0.0, 5 * 0.5 / std::sqrt(double(n)));
  EXPECT_NEAR(std_dev, 0.5, 0.5 * 0.03);
}

}  // namespace
}  // namespace synthetic_test
