// libbopp-rover.so through the module's C table: its problem, fixed values at fixed points,
// its seeded nudge and its configuration errors.
#include "objective_module.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace bopp::test {
namespace {

const bopp_objective_class& rover() { return module_objective("rover", "rover"); }

// The unit-box input whose waypoints lie evenly on the straight segment from the start
// (0.05, 0.05) to the goal (0.95, 0.95); the world's range [-0.1, 1.1] is the unit box's image.
std::vector<double> diagonal(int waypoints) {
  std::vector<double> x;
  for (int i = 0; i < waypoints; ++i) {
    const double world = 0.05 + 0.9 * i / (waypoints - 1);
    x.push_back((world + 0.1) / 1.2);
    x.push_back((world + 0.1) / 1.2);
  }
  return x;
}

TEST(RoverModule, DeclaresAMaximizedUnitBoxOfTheConfiguredDimension) {
  for (int dim : {20, 60, 8}) {
    const ModuleObjective f(rover(), "dim = " + std::to_string(dim));
    const bopp_problem& p = f.problem();
    ASSERT_EQ(p.dim, static_cast<std::uint32_t>(dim));
    for (int i = 0; i < dim; ++i) {
      EXPECT_EQ(p.lower[i], 0.0);
      EXPECT_EQ(p.upper[i], 1.0);
    }
    EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
    EXPECT_EQ(p.has_optimum, 0);
    EXPECT_NE(p.thread_safe, 0);
  }
  EXPECT_EQ(ModuleObjective(rover(), "").dim(), 20u);  // 10 waypoints by default
}

TEST(RoverModule, StraightDiagonalCostsItsLengthAndTheTreesItCrosses) {
  // The fitted curve is the segment itself (a line is a cubic) and its ends are the start and
  // the goal, so no miss is charged: the reward is 5 - 0.05 L - 20 (length inside trees),
  // L = 0.9 sqrt(2). Exactly, the diagonal crosses 0.0872 of tree in the small world
  // (reward 0.12380) and 0.2637 in the large one (reward -2.48698); the trapezoidal rule over
  // 1000 samples is off by at most 20 * half a sample step per tree edge crossed (12 and 22
  // edges). The goldens were recorded once, agreeing to 1e-13 with a separate transcription of
  // the definition (normal equations for the fit).
  const double step = 0.9 * std::sqrt(2.0) / 999.0;
  struct Case {
    std::string config;
    int waypoints;
    double exact, edges, golden;
  };
  for (const Case& c :
       {Case{"dim = 20\njitter = 0.0", 10, 0.12380266780335436, 12, 0.09490855454196831},
        Case{"dim = 60\njitter = 0.0", 30, -2.486977838221766, 22, -2.504186641170758}}) {
    const ModuleObjective f(rover(), c.config);
    const double y = f.evaluate_one(diagonal(c.waypoints));
    EXPECT_NEAR(y, c.golden, 1e-12) << c.config;
    EXPECT_LE(std::abs(y - c.exact), 20.0 * 0.5 * step * c.edges) << c.config;
  }
}

TEST(RoverModule, AnyPointMatchesTheRecordedValue) {
  // A point drawn uniformly once; the value was recorded from a separate transcription of the
  // definition (normal equations for the fit, its own sampling and geometry).
  const std::vector<double> x = {
      0.23796462709189137, 0.5442292252959519,  0.36995516654807925,  0.6039200385961945,
      0.625720304108054,   0.06552885923981311, 0.013167991554874137, 0.83746908209646,
      0.25935401432800764, 0.23433096104669637, 0.9956448355104628,   0.47026350752244794,
      0.8364614512743888,  0.47635320869933495, 0.6390681405441619,   0.15061642402352393,
      0.6348606582851885,  0.8680453071432968,  0.5231812103833013,   0.7412518562014903};
  const ModuleObjective f(rover(), "jitter = 0.0");
  EXPECT_NEAR(f.evaluate_one(x), -20.88739898582004, 1e-9);
}

TEST(RoverModule, EndsAwayFromStartAndGoalPayTenTimesTheirL1Distance) {
  // Waypoints evenly on the segment from (0.95, 0.05) up to the goal (0.95, 0.95), which
  // crosses no tree of the small world: the curve is that segment, its start misses the start
  // by 0.9 in x, its end hits the goal, so the reward is 5 - 0.05 * 0.9 - 10 * 0.9.
  std::vector<double> x;
  for (int i = 0; i < 10; ++i) {
    x.push_back((0.95 + 0.1) / 1.2);
    x.push_back((0.05 + 0.9 * i / 9.0 + 0.1) / 1.2);
  }
  const ModuleObjective f(rover(), "jitter = 0.0\nworld = 'small'");
  EXPECT_NEAR(f.evaluate_one(x), 5.0 - 0.05 * 0.9 - 9.0, 1e-12);
}

TEST(RoverModule, PinnedEndsAddTheStartAndTheGoalAsWaypoints) {
  // On the diagonal, the start and the goal are waypoints already: pinning changes nothing.
  const ModuleObjective free(rover(), "jitter = 0.0\nworld = 'small'");
  const ModuleObjective pinned(rover(), "jitter = 0.0\nworld = 'small'\nends = 'pinned'");
  EXPECT_NEAR(pinned.evaluate_one(diagonal(10)), free.evaluate_one(diagonal(10)), 1e-9);
  // Elsewhere, 10 pinned waypoints are the 12 free ones with the start and the goal added
  // first and last, (0.05, 0.05) and (0.95, 0.95), at 0.125 and 0.875 of the unit box.
  std::vector<double> x, with_ends{0.125, 0.125};
  for (int i = 0; i < 20; ++i) x.push_back(0.5 + 0.4 * std::sin(1.7 * i));
  with_ends.insert(with_ends.end(), x.begin(), x.end());
  with_ends.insert(with_ends.end(), {0.875, 0.875});
  const ModuleObjective free24(rover(), "jitter = 0.0\nworld = 'small'\ndim = 24");
  EXPECT_NEAR(pinned.evaluate_one(x), free24.evaluate_one(with_ends), 1e-9);
  EXPECT_GT(std::abs(pinned.evaluate_one(x) - free.evaluate_one(x)), 1e-3);
}

TEST(RoverModule, AutoWorldIsSmallUpTo20DimensionsAndLargeAbove) {
  const auto x20 = diagonal(10);
  EXPECT_EQ(ModuleObjective(rover(), "jitter = 0.0").evaluate_one(x20),
            ModuleObjective(rover(), "jitter = 0.0\nworld = 'small'").evaluate_one(x20));
  const auto x60 = diagonal(30);
  EXPECT_EQ(ModuleObjective(rover(), "dim = 60\njitter = 0.0").evaluate_one(x60),
            ModuleObjective(rover(), "dim = 60\njitter = 0.0\nworld = 'large'").evaluate_one(x60));
  EXPECT_NE(ModuleObjective(rover(), "jitter = 0.0\nworld = 'large'").evaluate_one(x20),
            ModuleObjective(rover(), "jitter = 0.0").evaluate_one(x20));
}

TEST(RoverModule, TheNudgeComesFromTheEvaluationsSeed) {
  const ModuleObjective f(rover(), "");
  const ModuleObjective exact(rover(), "jitter = 0.0");
  const auto x = diagonal(10);
  const double plain = exact.evaluate_one(x);
  std::size_t differing = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const double y = f.evaluate_one(x, seed);
    EXPECT_EQ(y, f.evaluate_one(x, seed)) << seed;  // the same seed, the same value
    EXPECT_NEAR(y, plain, 0.05) << seed;            // a 1e-4 nudge moves the path little
    differing += y != plain ? 1 : 0;
  }
  EXPECT_GE(differing, 9u);
}

TEST(RoverModule, BadValuesAreOneLineNamingTheKey) {
  for (const auto& [config, key] :
       std::vector<std::pair<std::string, std::string>>{{"dim = 21", "'dim'"},
                                                        {"dim = 6", "'dim'"},
                                                        {"world = 'medium'", "'world'"},
                                                        {"jitter = -1.0", "'jitter'"},
                                                        {"waypoints = 10", "waypoints"}}) {
    const Creation c = try_create(rover(), config);
    EXPECT_NE(c.status, BOPP_OK) << config;
    EXPECT_NE(c.error.find(key), std::string::npos) << config << ": " << c.error;
    EXPECT_EQ(c.error.find('\n'), std::string::npos) << c.error;
  }
}

}  // namespace
}  // namespace bopp::test
