// The cartpole objective through the bopp program: `bopp eval` on points, and the same values
// under the serial and the threads evaluator.
#include "../objective_program.hpp"

#include <gtest/gtest.h>

#include <string>

namespace bopp::test {
namespace {

TEST(CartPoleProgram, EvalPrintsTheReturnOfEachPolicy) {
  // From rest: the zero policy falls on step 9, w = (0, 0, 1, 1) balances to the cap.
  const Outcome o =
      run_bopp_line("eval cartpole --set initial_noise=0.0 --points -", {}, "0,0,0,0\n0,0,1,1\n");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "9\n500\n");
}

TEST(CartPoleProgram, SerialAndThreadsEvaluatorsGiveTheSameValues) {
  expect_same_values_serial_and_threads("name = 'cartpole'\nepisodes = 3", "cartpole");
}

}  // namespace
}  // namespace bopp::test
