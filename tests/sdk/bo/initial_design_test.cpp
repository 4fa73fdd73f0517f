// The initial design: the scaled Sobol design of the seed, handed out in order and never past
// its end.
#include <bopp/bo/design.hpp>
#include <bopp/bo/initial_design.hpp>

#include <gtest/gtest.h>

namespace {

using namespace bopp::bo;

TEST(InitialDesign, IsTheSeedsSobolDesignScaledIntoTheBox) {
  const Eigen::Vector2d lower(-5, 0), upper(10, 15);
  InitialDesign design(6, lower, upper, 42);
  const Eigen::MatrixXd expected = scale_to_box(sobol_design(6, 2, 42), lower, upper);
  EXPECT_EQ(design.size(), 6);
  EXPECT_EQ(design.take(6), expected);
  EXPECT_TRUE(design.exhausted());
}

TEST(InitialDesign, HandsOutPointsInOrderAcrossTakesAndNexts) {
  const Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Ones();
  InitialDesign design(5, lower, upper, 1);
  const Eigen::MatrixXd all = scale_to_box(sobol_design(5, 3, 1), lower, upper);
  const Eigen::MatrixXd first = design.take(2);
  EXPECT_EQ(first, all.topRows(2));
  EXPECT_EQ(design.next(), all.row(2).transpose());
  EXPECT_EQ(design.used(), 3);
  EXPECT_FALSE(design.exhausted());
  const Eigen::MatrixXd rest = design.take(10);  // only what is left
  EXPECT_EQ(rest, all.bottomRows(2));
  EXPECT_TRUE(design.exhausted());
  EXPECT_EQ(design.take(3).rows(), 0);
}

TEST(InitialDesign, AnEmptyDesignIsExhausted) {
  InitialDesign none;
  EXPECT_TRUE(none.exhausted());
  EXPECT_EQ(none.size(), 0);
}

}  // namespace
