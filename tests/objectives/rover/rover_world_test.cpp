// The rover's worlds: their published layouts and the cost per unit length at a point.
#include "rover_world.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace bopp::rover {
namespace {

TEST(RoverWorld, LayoutsHaveThePublishedTreesStartAndGoal) {
  const RoverWorld small = rover_world("small");
  EXPECT_EQ(small.tree_centres.size(), 30u);
  EXPECT_EQ(small.tree_half_width, 0.05);
  const RoverWorld large = rover_world("large");
  EXPECT_EQ(large.tree_centres.size(), 115u);
  EXPECT_EQ(large.tree_half_width, 0.025);
  for (const RoverWorld& w : {small, large}) {
    EXPECT_EQ(w.start, Eigen::Vector2d(0.05, 0.05));
    EXPECT_EQ(w.goal, Eigen::Vector2d(0.95, 0.95));
  }
  EXPECT_THROW(rover_world("medium"), std::invalid_argument);
}

TEST(RoverWorld, CostIsTravelPlusTwentyInATreeOrOutsideTheSquare) {
  const RoverWorld w = rover_world("small");
  EXPECT_DOUBLE_EQ(w.cost_at({0.05, 0.05}), 0.05);   // the start is clear
  EXPECT_DOUBLE_EQ(w.cost_at({0.42, 0.35}), 20.05);  // a tree's centre
  EXPECT_DOUBLE_EQ(w.cost_at({-0.01, 0.5}), 20.05);  // left of the square
  EXPECT_DOUBLE_EQ(w.cost_at({0.5, 1.05}), 20.05);   // above it
}

TEST(RoverWorld, BoxesHoldTheirLowerEdgesAndNotTheirUpperEdges) {
  const RoverWorld w = rover_world("small");
  // The tree at (0.42, 0.35) spans [0.37, 0.47) x [0.30, 0.40).
  EXPECT_TRUE(w.in_a_tree({0.42 - 0.05, 0.35 - 0.05}));
  EXPECT_FALSE(w.in_a_tree({0.42 + 0.05, 0.35}));
  EXPECT_FALSE(w.in_a_tree({0.42, 0.35 + 0.05}));
  // The square is [0, 1)^2: x = 0 is in (cost 0.05 where no tree stands), x = 1 is out.
  EXPECT_DOUBLE_EQ(w.cost_at({0.0, 0.5}), 0.05);
  EXPECT_DOUBLE_EQ(w.cost_at({1.0, 0.5}), 20.05);
}

}  // namespace
}  // namespace bopp::rover
