// The lunar library as a host loads it (dlopen, the C table of abi.h): its domain, values of
// known controllers, its episodes, its configuration and its use from several threads.
#include "objective_module.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

using bopp::test::ModuleObjective;

const bopp_objective_class& lunar_class() { return bopp::test::module_objective("lunar", "lunar"); }

// Gym's own heuristic lander: the constants the twelve parameters replace.
const std::vector<double> gym_heuristic{0.5, 1.0, 0.4, 0.55, 0.5,  1.0,
                                        0.5, 0.5, 0.0, 0.5,  0.05, 0.05};
// All gains zero: every command is 0, which never passes a threshold, so no engine ever fires.
const std::vector<double> engines_off(12, 0.0);

TEST(Lunar, DeclaresTwelveGainsInZeroToTwoMaximized) {
  const ModuleObjective lunar(lunar_class(), "");
  const bopp_problem& p = lunar.problem();
  ASSERT_EQ(p.dim, 12u);
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(p.lower[i], 0.0);
    EXPECT_EQ(p.upper[i], 2.0);
  }
  EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
  EXPECT_EQ(p.has_optimum, 0);
  EXPECT_NE(p.thread_safe, 0);
}

TEST(Lunar, GymsHeuristicLandsForAGoodMeanReturn) {
  const ModuleObjective lunar(lunar_class(), "");
  const double mean = lunar.evaluate_one(gym_heuristic, 1);
  // Recorded once (Box2D 2.4.1, the 20 episodes of seed 1). Gym calls 200 "solved": its
  // heuristic lands on most terrains (+100 for coming to rest, about 140 of shaping gained less
  // some fuel) and now and then tips over.
  EXPECT_NEAR(mean, 239.49054368956962, 1e-6);
  EXPECT_GT(mean, 200.0);
}

TEST(Lunar, EnginesOffCrash) {
  const ModuleObjective lunar(lunar_class(), "episodes = 1");
  // The return is −100 for the crash plus the shaping gained from the start to the step before
  // it (lunar_episode_test.cpp checks the sum): a free fall from the top ends nearer the pad but
  // fast, or tumbling, so the total is negative.
  for (std::uint64_t seed = 1; seed <= 5; ++seed)
    EXPECT_LT(lunar.evaluate_one(engines_off, seed), 0.0) << "seed " << seed;
  // Recorded once: seed 1 falls close to the pad (−74), seed 2 farther and faster (−139).
  EXPECT_NEAR(lunar.evaluate_one(engines_off, 1), -73.861382327860383, 1e-6);
  EXPECT_NEAR(lunar.evaluate_one(engines_off, 2), -138.79938212616469, 1e-6);
}

TEST(Lunar, EpisodesAreDrawnFromTheEvaluationSeed) {
  const ModuleObjective twenty(lunar_class(), "");
  const double a = twenty.evaluate_one(gym_heuristic, 7);
  EXPECT_EQ(twenty.evaluate_one(gym_heuristic, 7), a);
  EXPECT_NE(twenty.evaluate_one(gym_heuristic, 8), a);
  // The mean of 20 episodes is the mean of the 20 single episodes it is made of.
  const ModuleObjective one(lunar_class(), "episodes = 1");
  const ModuleObjective two(lunar_class(), "episodes = 2");
  EXPECT_NE(one.evaluate_one(gym_heuristic, 7), two.evaluate_one(gym_heuristic, 7));
}

TEST(Lunar, MaxStepsCutsTheEpisode) {
  // Ten steps after the start, the lander is still high in the sky: no terminal reward yet, so
  // the return is the small change of shaping less the fuel.
  const ModuleObjective short_episode(lunar_class(), "episodes = 1\nmax_steps = 10");
  const double value = short_episode.evaluate_one(gym_heuristic, 3);
  EXPECT_GT(value, -20.0);
  EXPECT_LT(value, 20.0);
}

void expect_rejected(const std::string& config, const std::string& key) {
  const bopp::test::Creation c = bopp::test::try_create(lunar_class(), config);
  EXPECT_EQ(c.status, BOPP_INVALID_CONFIG) << config;
  EXPECT_NE(c.error.find("'" + key + "'"), std::string::npos) << config << ": " << c.error;
  EXPECT_EQ(c.error.find('\n'), std::string::npos) << c.error;
}

TEST(Lunar, BadConfigurationIsOneLineNamingTheKey) {
  expect_rejected("episodes = 0", "episodes");
  expect_rejected("episodes = 2.5", "episodes");
  expect_rejected("max_steps = 0", "max_steps");
  expect_rejected("max_steps = 1000000", "max_steps");
  expect_rejected("episode = 20", "episode");
}

TEST(Lunar, OneInstanceGivesTheSameValuesFromSeveralThreads) {
  const ModuleObjective lunar(lunar_class(), "episodes = 3");
  std::vector<std::vector<double>> points;
  for (int k = 0; k < 6; ++k) {
    std::vector<double> w = gym_heuristic;
    w[4] += 0.1 * k;
    points.push_back(w);
  }
  std::vector<double> serial;
  for (std::size_t k = 0; k < points.size(); ++k)
    serial.push_back(lunar.evaluate_one(points[k], k));
  std::vector<double> threaded(points.size());
  std::vector<std::thread> workers;
  for (std::size_t k = 0; k < points.size(); ++k)
    workers.emplace_back([&, k] { threaded[k] = lunar.evaluate_one(points[k], k); });
  for (std::thread& t : workers) t.join();
  EXPECT_EQ(threaded, serial);
}

}  // namespace
