// The rover objective through the bopp program: `bopp eval` on a point, and the same values
// under the serial and the threads evaluator.
#include "../objective_program.hpp"

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
  expect_same_values_serial_and_threads("name = 'rover'", "rover");  // nudges included
}

}  // namespace
}  // namespace bopp::test
