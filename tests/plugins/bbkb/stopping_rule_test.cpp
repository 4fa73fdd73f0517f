// The global batch rule and the lazy UCB argmax as pure pieces.
#include "batch_stopping_rule.hpp"
#include "lazy_ucb.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using bopp::bbkb::BatchStoppingRule;

TEST(BatchStoppingRule, EqualVariancesEndTheBatchAtTheCrossingPoint) {
  // 1.3, 1.6, 1.9 stay within C̃ = 2; the fourth point reaches 2.2 and is the batch's last.
  BatchStoppingRule rule(2.0);
  EXPECT_FALSE(rule.closes_with(0.3));
  EXPECT_FALSE(rule.closes_with(0.3));
  EXPECT_FALSE(rule.closes_with(0.3));
  EXPECT_TRUE(rule.closes_with(0.3));
  EXPECT_NEAR(rule.sum(), 2.2, 1e-12);
}

TEST(BatchStoppingRule, BoundOneGivesOnePointPerBatch) {
  BatchStoppingRule rule(1.0);
  EXPECT_TRUE(rule.closes_with(1e-9));
}

TEST(BatchStoppingRule, SumEqualToTheBoundContinues) {
  BatchStoppingRule rule(2.0);
  EXPECT_FALSE(rule.closes_with(1.0));
  EXPECT_TRUE(rule.closes_with(1e-12));
}

TEST(LazyUcb, EqualsTheBruteForceArgmaxWhileValuesOnlyDecrease) {
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Eigen::VectorXd values(50);
  for (Eigen::Index i = 0; i < 50; ++i) values[i] = std::floor(10.0 * u(rng));  // ties
  bopp::bbkb::LazyUcb lazy;
  lazy.reset(values);
  for (int step = 0; step < 40; ++step) {
    Eigen::Index brute = 0;
    for (Eigen::Index i = 1; i < 50; ++i)
      if (values[i] > values[brute]) brute = i;
    EXPECT_EQ(lazy.argmax([&](Eigen::Index i) { return values[i]; }), brute) << "step " << step;
    // Lower the chosen value and a few others, as a batch point lowers variances.
    values[brute] -= 3.0 * u(rng);
    for (int k = 0; k < 3; ++k) values[static_cast<Eigen::Index>(rng() % 50)] -= u(rng);
    lazy.invalidate();
  }
  EXPECT_LT(lazy.refreshes(), 40u * 50u);  // fewer recomputations than brute force
}

}  // namespace
