#include <bopp/host/run/loop/seeds.hpp>

#include <gtest/gtest.h>

#include <set>

namespace bopp::host {
namespace {

TEST(Seeds, EvaluationSeedsAreDistinctAndDependOnRunSeed) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t run = 0; run < 4; ++run)
    for (std::uint64_t i = 0; i < 1000; ++i) seen.insert(evaluation_seed(run, i));
  EXPECT_EQ(seen.size(), 4000u);
}

TEST(Seeds, AreAPureFunctionOfRunSeedAndIndex) {
  EXPECT_EQ(evaluation_seed(7, 41), evaluation_seed(7, 41));
  EXPECT_NE(algorithm_seed(7), objective_seed(7));
  EXPECT_NE(algorithm_seed(7), algorithm_seed(8));
  // Pinned: a change here changes every recorded noisy run.
  EXPECT_EQ(mix64(0), 0xe220a8397b1dcdafULL);
}

}  // namespace
}  // namespace bopp::host
