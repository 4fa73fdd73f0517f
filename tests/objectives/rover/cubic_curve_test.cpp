// The rover's cubic curve: its chord-length parameters and its least-squares fit.
#include "cubic_curve.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace bopp::rover {
namespace {

TEST(CubicCurve, ChordLengthParametersAreSharesOfThePolygonsLength) {
  PlanePoints p(3, 2);
  p << 0, 0, 3, 0, 3, 4;  // sides 3 and 4 of a 7-long polygon
  const Eigen::VectorXd u = chord_length_parameters(p);
  EXPECT_DOUBLE_EQ(u[0], 0.0);
  EXPECT_DOUBLE_EQ(u[1], 3.0 / 7.0);
  EXPECT_DOUBLE_EQ(u[2], 1.0);
}

TEST(CubicCurve, BasisIsBernsteinAndSumsToOne) {
  const Eigen::Vector4d b = cubic_basis(0.25);
  EXPECT_DOUBLE_EQ(b[0], 0.421875);  // 0.75^3
  EXPECT_DOUBLE_EQ(b[1], 0.421875);  // 3 * 0.25 * 0.75^2
  EXPECT_DOUBLE_EQ(b[2], 0.140625);  // 3 * 0.25^2 * 0.75
  EXPECT_DOUBLE_EQ(b[3], 0.015625);  // 0.25^3
  EXPECT_DOUBLE_EQ(b.sum(), 1.0);
}

TEST(CubicCurve, EvenlySpacedPointsOnALineGiveThatLine) {
  // The line a + u (b - a) is a cubic and fits every point exactly at its chord parameter.
  PlanePoints p(7, 2);
  for (int i = 0; i < 7; ++i) p.row(i) << 0.1 + 0.8 * i / 6.0, 0.9 - 0.5 * i / 6.0;
  const CubicCurve c = CubicCurve::fit(p);
  for (double t : {0.0, 0.3, 0.5, 0.77, 1.0}) {
    EXPECT_NEAR(c.at(t).x(), 0.1 + 0.8 * t, 1e-14) << t;
    EXPECT_NEAR(c.at(t).y(), 0.9 - 0.5 * t, 1e-14) << t;
  }
}

TEST(CubicCurve, FourPointsAreInterpolated) {
  // Four basis functions and four points at distinct parameters: the fit is exact.
  PlanePoints p(4, 2);
  p << 0.0, 0.0, 1.0, 2.0, 3.0, 2.5, 4.0, 0.0;
  const CubicCurve c = CubicCurve::fit(p);
  const Eigen::VectorXd u = chord_length_parameters(p);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(c.at(u[i]).x(), p(i, 0), 1e-12) << i;
    EXPECT_NEAR(c.at(u[i]).y(), p(i, 1), 1e-12) << i;
  }
  // The curve starts at the first control point and ends at the last.
  EXPECT_NEAR((c.at(0.0) - c.control_points().row(0).transpose()).norm(), 0.0, 1e-15);
  EXPECT_NEAR((c.at(1.0) - c.control_points().row(3).transpose()).norm(), 0.0, 1e-15);
}

TEST(CubicCurve, MorePointsThanBasisFunctionsAreFittedByLeastSquares) {
  // Residuals of a least-squares fit are orthogonal to every basis function.
  PlanePoints p(9, 2);
  p << 0.1, 0.2, 0.3, 0.9, 0.5, 0.1, 0.6, 0.7, 0.2, 0.4, 0.9, 0.9, 0.8, 0.1, 0.4, 0.5, 1.0, 0.3;
  const CubicCurve c = CubicCurve::fit(p);
  const Eigen::VectorXd u = chord_length_parameters(p);
  Eigen::Matrix<double, 4, 2> normal = Eigen::Matrix<double, 4, 2>::Zero();
  for (int i = 0; i < 9; ++i) normal += cubic_basis(u[i]) * (p.row(i) - c.at(u[i]).transpose());
  EXPECT_LT(normal.cwiseAbs().maxCoeff(), 1e-13);
}

TEST(CubicCurve, RepeatedWaypointsStillGiveOneCurve) {
  PlanePoints p(5, 2);
  p << 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.7, 0.4, 0.7, 0.4;  // two distinct parameters only
  const CubicCurve c = CubicCurve::fit(p);
  EXPECT_TRUE(c.control_points().allFinite());
  EXPECT_NEAR((c.at(0.0) - Eigen::Vector2d(0.2, 0.2)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((c.at(1.0) - Eigen::Vector2d(0.7, 0.4)).norm(), 0.0, 1e-12);
}

TEST(CubicCurve, OnePointRepeatedIsAnError) {
  PlanePoints p(4, 2);
  p.setConstant(0.5);
  EXPECT_THROW(CubicCurve::fit(p), std::invalid_argument);
}

}  // namespace
}  // namespace bopp::rover
