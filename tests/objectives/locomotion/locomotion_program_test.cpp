// The built bopp program on the locomotion library: `bopp eval` on a policy, and one run's
// record under the serial and the threads evaluator.
#include "../objective_program.hpp"

#include <gtest/gtest.h>

#include <string>

namespace bopp::test {
namespace {

// The swimmer without initial noise and without torque stays at rest: its return is 0
// (locomotion_returns_test.cpp), and `bopp eval` prints it.
TEST(LocomotionProgram, EvalPrintsTheReturnOfAPolicy) {
  std::string point;
  for (int i = 0; i < 16; ++i) point += i == 0 ? "0" : ",0";
  const Outcome o =
      run_bopp_line("eval swimmer --set reset_noise=0.0 --points -", {}, point + "\n");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "0\n");
}

// The hopper without noise and without torque topples at step 174 (locomotion_returns_test.cpp).
TEST(LocomotionProgram, EvalPrintsTheHoppersReturn) {
  std::string point = "0";
  for (int i = 1; i < 33; ++i) point += ",0";
  const Outcome o = run_bopp_line("eval hopper --set reset_noise=0.0 --points -", {}, point + "\n");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NEAR(std::stod(o.out), 167.35215656921346, 1e-6 * 167.35);
}

TEST(LocomotionProgram, EvalNamesABadKey) {
  const Outcome o = run_bopp_line("eval hopper --set steps=0 --points -", {}, "");
  EXPECT_NE(o.exit_code, 0);
  EXPECT_NE(o.err.find("steps"), std::string::npos) << o.err;
}

// Each evaluation has its own mjData and draws its start from its own seed, so where it runs
// does not change what it is.
TEST(LocomotionProgram, SerialAndThreadsEvaluatorsGiveTheSameReturns) {
  expect_same_values_serial_and_threads("name = 'hopper'\nsteps = 300", "locomotion", 8);
}

}  // namespace
}  // namespace bopp::test
