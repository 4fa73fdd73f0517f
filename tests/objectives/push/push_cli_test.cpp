// The push objective through the bopp program: `bopp eval` on a point, and one run giving the
// same values under the serial and the threads evaluator.
#include "../objective_program.hpp"

#include <gtest/gtest.h>

namespace bopp::test {
namespace {

TEST(PushCli, EvalGivesTheValueOfAPoint) {
  // Hands moving away from the objects leave them in place: reward 0 (push_module_test.cpp).
  const std::vector<double> values =
      eval_values("push", "",
                  "5,5,10,10,2,0,5,-5,10,-10,2,0,0,0\n"
                  "-1.8727,1.2978,5.618,2.1067,12,1.9296,1.1763,-3.6174,-3.5289,"
                  "4.8522,12,0.6288,0,0\n");
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], 0.0);
  EXPECT_GT(values[1], 5.0);  // the aimed pushes of push_module_test.cpp, with velocity error
}

TEST(PushCli, SerialAndThreadsEvaluatorsGiveTheSameValues) {
  expect_same_values_serial_and_threads("name = 'push'", "push", 8);
}

}  // namespace
}  // namespace bopp::test
