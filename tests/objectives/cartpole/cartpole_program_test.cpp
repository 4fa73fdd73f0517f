// The cartpole objective through the bopp program: `bopp eval` on points, and the same values
// under the serial and the threads evaluator.
#include "objective_program.hpp"

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
  const std::string objective = "name = 'cartpole'\nepisodes = 3";
  const auto serial = run_with_evaluator(objective, "kind = 'serial'", "cartpole-serial");
  const auto threads =
      run_with_evaluator(objective, "kind = 'threads'\nworkers = 3", "cartpole-threads");
  ASSERT_EQ(serial.size(), 12u);
  ASSERT_EQ(threads.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    ASSERT_TRUE(serial[i].ok) << serial[i].message;
    EXPECT_EQ(serial[i].x, threads[i].x) << i;
    EXPECT_EQ(serial[i].seed, threads[i].seed) << i;
    EXPECT_EQ(serial[i].y, threads[i].y) << i;
  }
}

}  // namespace
}  // namespace bopp::test
