// The push library as a host loads it (dlopen, the C table of abi.h): its domain, values at
// points whose outcome is known, its noise, its configuration and its use from several threads.
#include "objective_module.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <thread>
#include <vector>

namespace {

using bopp::test::ModuleObjective;

const bopp_objective_class& push_class() { return bopp::test::module_objective("push", "push"); }

// Both hands start on the far side of the table from the objects and move away from them: nothing
// touches the box or the disc.
const std::vector<double> pushing_away{5, 5, 10, 10, 2, 0, 5, -5, 10, -10, 2, 0, 0, 0};

// Each hand starts 2 m behind its object on the line from the object to its goal, its long side
// across that line, and moves along it at 6 m/s for 1.2 s.
const std::vector<double> aimed_pushes{-1.8727, 1.2978,  5.618,  2.1067, 12,     1.9296, 1.1763,
                                       -3.6174, -3.5289, 4.8522, 12,     0.6288, 0,      0};

// The original's largest value: both objects exactly on their goals, |(4, 1.5)| + |(−4, 5.5)|.
const double initial_distance = std::hypot(4.0, 1.5) + std::hypot(4.0, 5.5);

TEST(Push, DeclaresWangEtAlsFourteenDimensionsMaximized) {
  const ModuleObjective push(push_class(), "");
  const bopp_problem& p = push.problem();
  ASSERT_EQ(p.dim, 14u);
  const double two_pi = 2.0 * std::numbers::pi;
  const std::vector<double> lower{-5, -5, -10, -10, 2, 0, -5, -5, -10, -10, 2, 0, -5, -5};
  const std::vector<double> upper{5, 5, 10, 10, 30, two_pi, 5, 5, 10, 10, 30, two_pi, 5, 5};
  for (std::size_t i = 0; i < 14; ++i) {
    EXPECT_EQ(p.lower[i], lower[i]) << "coordinate " << i;
    EXPECT_EQ(p.upper[i], upper[i]) << "coordinate " << i;
  }
  EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
  EXPECT_EQ(p.has_optimum, 0);
  EXPECT_EQ(p.kinds, nullptr);
  EXPECT_NE(p.thread_safe, 0);
}

TEST(Push, HandsMovingAwayLeaveTheObjectsWhereTheyStartedForZeroReward) {
  const ModuleObjective push(push_class(), "");
  for (std::uint64_t seed : {0u, 1u, 99u}) EXPECT_EQ(push.evaluate_one(pushing_away, seed), 0.0);
}

TEST(Push, AimedPushesBringBothObjectsMostOfTheWay) {
  const ModuleObjective push(push_class(), "velocity_noise = 0");
  const double reward = push.evaluate_one(aimed_pushes);
  // Recorded once from this build of the simulation (Box2D 2.4.1); the objects end about
  // 2.6 m from their goals in all, from 11.07 m at the start.
  EXPECT_NEAR(reward, 8.4286641287909649, 1e-9);
  EXPECT_GT(reward, 0.5 * initial_distance);
  EXPECT_LT(reward, initial_distance);
}

TEST(Push, VelocityErrorComesFromTheEvaluationSeedOnly) {
  const ModuleObjective push(push_class(), "");
  const double a = push.evaluate_one(aimed_pushes, 5);
  EXPECT_EQ(push.evaluate_one(aimed_pushes, 5), a);
  EXPECT_NE(push.evaluate_one(aimed_pushes, 6), a);
  // A perturbation of 0.01 m/s moves the outcome a little, not a lot.
  EXPECT_NEAR(a, 8.4286641287909649, 1.0);
  const ModuleObjective exact(push_class(), "velocity_noise = 0");
  EXPECT_EQ(exact.evaluate_one(aimed_pushes, 5), exact.evaluate_one(aimed_pushes, 6));
}

TEST(Push, GoalsAtTheStartsMakeEveryPushALoss) {
  const ModuleObjective push(push_class(), "goals = [0.0, 2.0, 0.0, -2.0]\nvelocity_noise = 0");
  EXPECT_EQ(push.evaluate_one(pushing_away), 0.0);
  const double moved = push.evaluate_one(aimed_pushes);
  EXPECT_LT(moved, -1.0);  // the pushes carry the objects metres from where they started
}

void expect_rejected(const std::string& config, const std::string& key) {
  const bopp::test::Creation c = bopp::test::try_create(push_class(), config);
  EXPECT_EQ(c.status, BOPP_INVALID_CONFIG) << config;
  EXPECT_NE(c.error.find("'" + key + "'"), std::string::npos) << config << ": " << c.error;
  EXPECT_EQ(c.error.find('\n'), std::string::npos) << c.error;
}

TEST(Push, BadConfigurationIsOneLineNamingTheKey) {
  expect_rejected("goals = [4.0, 3.5, -4.0]", "goals");
  expect_rejected("goals = [4.0, 3.5, -4.0, nan]", "goals");
  expect_rejected("velocity_noise = -0.01", "velocity_noise");
  expect_rejected("velocity_noise = 'small'", "velocity_noise");
  expect_rejected("goal = [4.0, 3.5, -4.0, 3.5]", "goal");
}

TEST(Push, OneInstanceGivesTheSameValuesFromSeveralThreads) {
  const ModuleObjective push(push_class(), "");
  std::vector<std::vector<double>> points;
  for (int k = 0; k < 8; ++k) {
    std::vector<double> x = aimed_pushes;
    x[2] += 0.25 * k;  // a little faster each
    points.push_back(x);
  }
  std::vector<double> serial;
  for (std::size_t k = 0; k < points.size(); ++k) serial.push_back(push.evaluate_one(points[k], k));
  std::vector<double> threaded(points.size());
  std::vector<std::thread> workers;
  for (std::size_t k = 0; k < points.size(); ++k)
    workers.emplace_back([&, k] { threaded[k] = push.evaluate_one(points[k], k); });
  for (std::thread& t : workers) t.join();
  EXPECT_EQ(threaded, serial);
}

}  // namespace
