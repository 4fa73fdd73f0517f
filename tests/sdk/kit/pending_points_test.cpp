// PendingPoints: the asked points an algorithm has not been told, matched to told points that
// the host may have rounded.
#include <bopp/kit/pending_points.hpp>

#include <gtest/gtest.h>

namespace {

TEST(PendingPoints, ToldPointsLeaveInAnyOrderMatchedToTheNearestPendingOne) {
  bopp::PendingPoints pending(2);
  EXPECT_TRUE(pending.empty());
  bopp::Points asked(3, 2);
  asked << 0.1, 0.2,  //
      0.5, 3.4,       // an integer coordinate the host rounds to 3
      0.9, 0.8;
  pending.add(asked);
  ASSERT_EQ(pending.points().rows(), 3);

  bopp::Points told(1, 2);
  told << 0.5, 3.0;
  pending.remove_told(told);
  ASSERT_EQ(pending.points().rows(), 2);
  for (Eigen::Index r = 0; r < 2; ++r) EXPECT_NE(pending.points()(r, 1), 3.4);

  told << 0.1, 0.2;
  pending.remove_told(told);
  ASSERT_EQ(pending.points().rows(), 1);
  EXPECT_EQ(pending.points()(0, 0), 0.9);

  bopp::Points rest(2, 2);  // more told than pending: the extra one changes nothing
  rest << 0.9, 0.8, 0.0, 0.0;
  pending.remove_told(rest);
  EXPECT_TRUE(pending.empty());
}

}  // namespace
