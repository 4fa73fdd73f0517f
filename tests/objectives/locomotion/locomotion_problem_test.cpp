// The locomotion library declares each task's policy space and sense, and rejects bad
// configurations with a one-line error naming the key.
#include "locomotion_module.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace locomotion_test {
namespace {

TEST(LocomotionLibrary, ManifestListsSwimmerAndHopper) {
  const bopp_manifest& m = bopp::test::module_manifest("locomotion");
  EXPECT_STREQ(m.library_name, "locomotion");
  EXPECT_EQ(m.algorithm_count, 0u);
  std::set<std::string> listed;
  for (std::uint32_t i = 0; i < m.objective_count; ++i) listed.insert(m.objectives[i]->name);
  EXPECT_EQ(listed, (std::set<std::string>{"swimmer", "hopper"}));
}

// A linear policy has one weight per (action, state) pair: 2×8 for the swimmer and 3×11 for
// the hopper (Müller et al. 2021; Fan et al. 2024 §8.2), each in [−1, 1] by default.
TEST(LocomotionLibrary, PolicySpaceIsActionsTimesStatesInTheUnitBox) {
  for (const auto& [name, dim] :
       {std::pair<std::string, std::uint32_t>{"swimmer", 16}, {"hopper", 33}}) {
    SCOPED_TRACE(name);
    const Objective objective(name);
    const bopp_problem& p = objective.problem();
    ASSERT_EQ(p.dim, dim);
    for (std::uint32_t i = 0; i < p.dim; ++i) {
      EXPECT_EQ(p.lower[i], -1.0);
      EXPECT_EQ(p.upper[i], 1.0);
    }
    EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
    EXPECT_EQ(p.has_optimum, 0);
    EXPECT_NE(p.thread_safe, 0);
  }
}

TEST(LocomotionLibrary, BoundsKeysSetTheBox) {
  const Objective objective("swimmer", "lower = -0.5\nupper = 2.0");
  EXPECT_EQ(objective.problem().lower[7], -0.5);
  EXPECT_EQ(objective.problem().upper[15], 2.0);
}

TEST(LocomotionLibrary, OnlyTheHopperHasAHealthyReward) {
  auto keys = [](const std::string& name) {
    std::set<std::string> out;
    const bopp_objective_class& c = objective_class(name);
    for (std::uint32_t i = 0; i < c.param_count; ++i) out.insert(c.params[i]->name);
    return out;
  };
  const std::set<std::string> common{"episodes",  "steps", "reset_noise", "state_mean",
                                     "state_std", "lower", "upper"};
  EXPECT_EQ(keys("swimmer"), common);
  std::set<std::string> hopper = common;
  hopper.insert("healthy_reward");
  EXPECT_EQ(keys("hopper"), hopper);
}

// Each bad value is refused at creation with one line that names the key.
TEST(LocomotionLibrary, BadValuesAreOneLineErrorsNamingTheKey) {
  const std::pair<std::string, std::string> cases[] = {
      {"episodes = 0", "episodes"},
      {"steps = 0", "steps"},
      {"reset_noise = -0.1", "reset_noise"},
      {"lower = 1.0\nupper = 1.0", "upper"},
      {"state_mean = [0.0, 0.0]\nstate_std = [1.0, 1.0]", "state_mean"},
      {"state_mean = [0, 0, 0, 0, 0, 0, 0, 0]\nstate_std = [1.0]", "state_std"},
      {"state_mean = [0, 0, 0, 0, 0, 0, 0, 0]\nstate_std = [1, 1, 1, 0, 1, 1, 1, 1]", "state_std"},
      {"healthy_reward = 1.0", "healthy_reward"},  // the swimmer has none
      {"episode = 2", "episode"},
  };
  for (const auto& [config, key] : cases) {
    SCOPED_TRACE(config);
    const Creation c = try_create("swimmer", config);
    EXPECT_EQ(c.status, BOPP_INVALID_CONFIG);
    EXPECT_NE(c.error.find("'" + key + "'"), std::string::npos) << c.error;
    EXPECT_EQ(c.error.find('\n'), std::string::npos) << c.error;
  }
}

}  // namespace
}  // namespace locomotion_test
