// The rover objective through the bopp program: `bopp eval` on a point, and the same values
// under the serial and the threads evaluator.
#include "objective_program.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace bopp::test {
namespace {

TEST(RoverProgram, EvalPrintsTheRewardOfAPoint) {
  // The straight diagonal of the 20-D problem without its nudge (rover_module_test.cpp).
  std::ostringstream row;
  row.precision(17);
  for (int i = 0; i < 10; ++i) {
    const double x = (0.05 + 0.9 * i / 9.0 + 0.1) / 1.2;
    row << (i > 0 ? "," : "") << x << "," << x;
  }
  const Outcome o = run_bopp_line("eval rover --set jitter=0.0 --points -", {}, row.str() + "\n");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NEAR(std::stod(o.out), 0.094908554541958762, 1e-12) << o.out;
}

TEST(RoverProgram, SerialAndThreadsEvaluatorsGiveTheSameValues) {
  const std::string objective = "name = 'rover'";
  const auto serial = run_with_evaluator(objective, "kind = 'serial'", "rover-serial");
  const auto threads =
      run_with_evaluator(objective, "kind = 'threads'\nworkers = 3", "rover-threads");
  ASSERT_EQ(serial.size(), 12u);
  ASSERT_EQ(threads.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    ASSERT_TRUE(serial[i].ok) << serial[i].message;
    EXPECT_EQ(serial[i].x, threads[i].x) << i;
    EXPECT_EQ(serial[i].seed, threads[i].seed) << i;
    EXPECT_EQ(serial[i].y, threads[i].y) << i;  // bit for bit, nudges included
  }
}

}  // namespace
}  // namespace bopp::test
