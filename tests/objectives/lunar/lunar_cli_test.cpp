// The lunar objective through the bopp program: `bopp eval` on points, and one run giving the
// same values under the serial and the threads evaluator.
#include "../objective_program.hpp"

#include <gtest/gtest.h>

namespace bopp::test {
namespace {

TEST(LunarCli, EvalGivesTheValuesOfPoints) {
  // Gym's heuristic lands for a high mean; all gains zero never fire an engine and crash.
  const std::vector<double> values =
      eval_values("lunar", "--set episodes=4",
                  "0.5,1.0,0.4,0.55,0.5,1.0,0.5,0.5,0.0,0.5,0.05,0.05\n0,0,0,0,0,0,0,0,0,0,0,0\n");
  ASSERT_EQ(values.size(), 2u);
  EXPECT_GT(values[0], 100.0);
  EXPECT_LT(values[1], -100.0);
}

TEST(LunarCli, SerialAndThreadsEvaluatorsGiveTheSameValues) {
  expect_same_values_serial_and_threads("name = 'lunar'\nepisodes = 2", "lunar", 8);
}

}  // namespace
}  // namespace bopp::test
