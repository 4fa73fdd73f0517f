// libbopp-cartpole.so through the module's C table: its problem, fixed returns of fixed
// policies, episodes drawn from the evaluation's seed, and its configuration errors.
#include "objective_module.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace bopp::test {
namespace {

const bopp_objective_class& cartpole() { return module_objective("cartpole", "cartpole"); }

const std::vector<double> zero_policy = {0.0, 0.0, 0.0, 0.0};
// Full state feedback that keeps the pole up for 500 steps from random starts (cart_pole_test.cpp).
const std::vector<double> balancing_policy = {0.1, 0.3, 1.0, 0.6};

TEST(CartPoleModule, DeclaresAMaximizedFourDimensionalBox) {
  const ModuleObjective f(cartpole(), "");
  const bopp_problem& p = f.problem();
  ASSERT_EQ(p.dim, 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p.lower[i], -1.0);
    EXPECT_EQ(p.upper[i], 1.0);
  }
  EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
  EXPECT_NE(p.thread_safe, 0);
}

TEST(CartPoleModule, ZeroPolicyFromRestReturnsNine) {
  // Always pushed left from rest, the pole passes 12 degrees on step 9 (cart_pole_test.cpp).
  const ModuleObjective f(cartpole(), "initial_noise = 0.0");
  EXPECT_EQ(f.evaluate_one(zero_policy, 1), 9.0);
  EXPECT_EQ(f.evaluate_one(zero_policy, 2), 9.0);  // no noise: the seed changes nothing
  EXPECT_EQ(
      ModuleObjective(cartpole(), "initial_noise = 0.0\nscale = 500.0").evaluate_one(zero_policy),
      9.0 / 500.0);
}

TEST(CartPoleModule, BalancingPolicyReachesTheCap) {
  const ModuleObjective f(cartpole(), "episodes = 5");
  for (std::uint64_t seed = 0; seed < 5; ++seed)
    EXPECT_EQ(f.evaluate_one(balancing_policy, seed), 500.0);
  EXPECT_EQ(ModuleObjective(cartpole(), "max_steps = 200").evaluate_one(balancing_policy), 200.0);
}

TEST(CartPoleModule, RandomStartsComeFromTheEvaluationsSeed) {
  // The zero policy's episode length depends on where it starts; with starts in ±0.05 it is
  // a few steps either side of 9. Recorded once: seed 5 gives 10 steps.
  const ModuleObjective f(cartpole(), "");
  EXPECT_EQ(f.evaluate_one(zero_policy, 5), 10.0);
  std::vector<double> values;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const double y = f.evaluate_one(zero_policy, seed);
    EXPECT_EQ(y, f.evaluate_one(zero_policy, seed)) << seed;
    EXPECT_GE(y, 5.0) << seed;
    EXPECT_LE(y, 14.0) << seed;
    values.push_back(y);
  }
  EXPECT_GT(*std::max_element(values.begin(), values.end()),
            *std::min_element(values.begin(), values.end()));
}

TEST(CartPoleModule, EpisodesAreAveraged) {
  // Three episodes from one seed: their mean is a multiple of 1/3 and differs from the first
  // episode alone for some seed.
  const ModuleObjective one(cartpole(), "episodes = 1");
  const ModuleObjective three(cartpole(), "episodes = 3");
  std::size_t differing = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const double mean = three.evaluate_one(zero_policy, seed);
    EXPECT_NEAR(mean * 3.0, std::round(mean * 3.0), 1e-12) << seed;
    differing += mean != one.evaluate_one(zero_policy, seed) ? 1 : 0;
  }
  EXPECT_GT(differing, 0u);
}

TEST(CartPoleModule, BadValuesAreOneLineNamingTheKey) {
  for (const auto& [config, key] :
       std::vector<std::pair<std::string, std::string>>{{"episodes = 0", "'episodes'"},
                                                        {"initial_noise = -0.1", "'initial_noise'"},
                                                        {"max_steps = 0", "'max_steps'"},
                                                        {"scale = 0.0", "'scale'"},
                                                        {"bias = 1", "bias"}}) {
    const Creation c = try_create(cartpole(), config);
    EXPECT_NE(c.status, BOPP_OK) << config;
    EXPECT_NE(c.error.find(key), std::string::npos) << config << ": " << c.error;
    EXPECT_EQ(c.error.find('\n'), std::string::npos) << c.error;
  }
}

}  // namespace
}  // namespace bopp::test
