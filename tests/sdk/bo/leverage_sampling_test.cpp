// Ridge-leverage Bernoulli sampling of a dictionary: its expected size, its support, and
// its fallback when nothing is drawn.
#include <bopp/bo/leverage_sampling.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace {

TEST(LeverageSample, MeanSizeIsTheSumOfTheProbabilities) {
  Eigen::VectorXd counts(6), variances(6);
  counts << 1, 0, 2, 1, 3, 1;
  variances << 0.1, 5.0, 0.05, 0.3, 0.02, 2.0;
  const double q_bar = 2.0;
  double expected = 0.0, var = 0.0;
  for (Eigen::Index i = 0; i < 6; ++i) {
    const double p = std::min(1.0, q_bar * counts[i] * variances[i]);
    expected += p;
    var += p * (1.0 - p);
  }
  std::mt19937_64 rng(3);
  const int draws = 1000;
  double total = 0.0;
  for (int d = 0; d < draws; ++d) {
    const auto kept = bopp::bo::leverage_sample(counts, variances, q_bar, rng);
    total += static_cast<double>(kept.size());
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    EXPECT_TRUE(std::adjacent_find(kept.begin(), kept.end()) == kept.end());
    for (const Eigen::Index i : kept) EXPECT_GT(counts[i], 0.0);  // arm 1 never observed
  }
  EXPECT_NEAR(total / draws, expected, 4.0 * std::sqrt(var / draws));
}

TEST(LeverageSample, KeepsTheMostProbableArmWhenTheDrawKeepsNone) {
  Eigen::VectorXd counts(3), variances(3);
  counts << 1, 1, 0;
  variances << 1e-30, 2e-30, 1.0;
  std::mt19937_64 rng(1);
  const auto kept = bopp::bo::leverage_sample(counts, variances, 1.0, rng);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0], 1);
}

TEST(LeverageSample, NothingObservedGivesAnEmptyDictionary) {
  std::mt19937_64 rng(1);
  EXPECT_TRUE(
      bopp::bo::leverage_sample(Eigen::VectorXd::Zero(4), Eigen::VectorXd::Ones(4), 2.0, rng)
          .empty());
}

}  // namespace
