// The queue of planned points: asks take at most max_points (at least one) in plan order.
#include <bopp/bo/planned_points.hpp>

#include <gtest/gtest.h>

namespace {

using bopp::bo::PlannedPoints;

TEST(PlannedPoints, TakesAtMostMaxPointsInPlanOrder) {
  PlannedPoints plan;
  plan.push(Eigen::Vector2d(0, 0));
  plan.push_rows((Eigen::MatrixXd(2, 2) << 1, 1, 2, 2).finished());
  const bopp::Points first = plan.take(2);
  ASSERT_EQ(first.rows(), 2);
  EXPECT_EQ(first(0, 0), 0);
  EXPECT_EQ(first(1, 0), 1);
  EXPECT_EQ(plan.size(), 1u);
  const bopp::Points rest = plan.take(5);
  ASSERT_EQ(rest.rows(), 1);
  EXPECT_EQ(rest(0, 1), 2);
  EXPECT_TRUE(plan.empty());
}

TEST(PlannedPoints, ZeroMaxPointsStillTakesOne) {
  PlannedPoints plan;
  plan.push(Eigen::Vector2d(3, 4));
  plan.push(Eigen::Vector2d(5, 6));
  EXPECT_EQ(plan.take(0).rows(), 1);
}

TEST(PlannedPoints, PadsWithCopiesButNeverShrinks) {
  PlannedPoints plan;
  plan.push(Eigen::Vector2d(1, 2));
  plan.pad(3, Eigen::Vector2d(1, 2));
  EXPECT_EQ(plan.size(), 3u);
  plan.pad(1, Eigen::Vector2d(0, 0));
  EXPECT_EQ(plan.size(), 3u);
  const bopp::Points X = plan.take(3);
  EXPECT_TRUE((X.rowwise() - Eigen::RowVector2d(1, 2)).isZero(0));
}

}  // namespace
