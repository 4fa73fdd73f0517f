// A method's recommendation by best observed value.
#include <bopp/bo/best_observed.hpp>

#include <gtest/gtest.h>

namespace {

using bopp::bo::best_observed;

TEST(BestObserved, IsTheRowOfLargestValueTheFirstOnTies) {
  Eigen::MatrixXd X(4, 2);
  X << 0, 0, 1, 1, 2, 2, 3, 3;
  const Eigen::Vector4d y(-1.0, 5.0, 2.0, 5.0);
  const Eigen::Vector2d lower(-10, -10), upper(10, 10);
  EXPECT_EQ(best_observed(X, y, lower, upper), Eigen::Vector2d(1, 1));
}

TEST(BestObserved, IsTheBoxCentreBeforeAnyObservation) {
  const Eigen::Vector2d lower(-4, 0), upper(2, 10);
  EXPECT_EQ(best_observed(Eigen::MatrixXd(0, 2), Eigen::VectorXd(0), lower, upper),
            Eigen::Vector2d(-1, 5));
}

}  // namespace
