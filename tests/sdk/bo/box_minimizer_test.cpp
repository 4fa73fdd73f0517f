// Multistart box-constrained L-BFGS: boundary minima, the best of several basins, and the
// promise never to return anything worse than the best start.
#include <bopp/bo/box_minimizer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace {

using namespace bopp::bo;

SmoothFunction quadratic(const Eigen::VectorXd& centre) {
  return [centre](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
    if (gradient != nullptr) *gradient = 2 * (x - centre);
    return (x - centre).squaredNorm();
  };
}

// Two wells in x_0: a shallow one at −0.5 (value 0) and a deeper one at 0.6 (value −1).
double two_wells(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
  const double a = x[0] + 0.5, b = x[0] - 0.6;
  const double deep = std::exp(-20 * b * b);
  if (gradient != nullptr) {
    *gradient = 2 * x;
    (*gradient)[0] = 2 * a * b * b + 2 * b * a * a + 40 * b * deep;
  }
  return a * a * b * b - deep + x.tail(x.size() - 1).squaredNorm();
}

TEST(MinimizeInBox, FindsAnInteriorMinimumPrecisely) {
  const Eigen::Vector3d centre(0.3, -0.2, 0.45);
  const BoxMinimum m = minimize_in_box(quadratic(centre), -Eigen::Vector3d::Ones(),
                                       Eigen::Vector3d::Ones(), Eigen::RowVector3d(0.9, 0.9, -0.9));
  EXPECT_LT((m.x - centre).norm(), 1e-6);
  EXPECT_NEAR(m.value, 0.0, 1e-10);
}

TEST(MinimizeInBox, StopsOnTheBoundaryWhenTheMinimumIsOutside) {
  const Eigen::Vector2d centre(2.0, 0.5);
  const BoxMinimum m = minimize_in_box(quadratic(centre), Eigen::Vector2d::Zero(),
                                       Eigen::Vector2d::Ones(), Eigen::RowVector2d(0.2, 0.1));
  EXPECT_EQ(m.x[0], 1.0);
  EXPECT_NEAR(m.x[1], 0.5, 1e-6);
  EXPECT_NEAR(m.value, 1.0, 1e-10);
}

TEST(MinimizeInBox, ClampsStartsIntoTheBox) {
  const BoxMinimum m = minimize_in_box(quadratic(Eigen::Vector2d(-3, 4)), Eigen::Vector2d::Zero(),
                                       Eigen::Vector2d::Ones(), Eigen::RowVector2d(7, -7));
  EXPECT_EQ(m.x, Eigen::Vector2d(0, 1));
}

TEST(MinimizeInBox, ReturnsTheBestOfAllStarts) {
  Eigen::MatrixXd starts(2, 2);
  starts << -0.6, 0.3, 0.8, -0.2;  // one start in each well; the second leads to the deeper
  const BoxMinimum m =
      minimize_in_box(two_wells, -Eigen::Vector2d::Ones(), Eigen::Vector2d::Ones(), starts);
  EXPECT_NEAR(m.x[0], 0.6, 1e-2);
  EXPECT_LT(m.value, -0.99);
  const BoxMinimum first_only = minimize_in_box(two_wells, -Eigen::Vector2d::Ones(),
                                                Eigen::Vector2d::Ones(), starts.topRows(1));
  EXPECT_GT(first_only.value, -0.5);
}

TEST(MinimizeInBox, NeverReturnsWorseThanTheBestStart) {
  // A gradient of the wrong sign sends every line search uphill: only the starts are good.
  const SmoothFunction misleading = [](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
    if (gradient != nullptr) *gradient = -2 * x;
    return x.squaredNorm();
  };
  Eigen::MatrixXd starts(3, 2);
  starts << 0.5, 0.5, 0.1, -0.2, -0.9, 0.9;
  const BoxMinimum m =
      minimize_in_box(misleading, -Eigen::Vector2d::Ones(), Eigen::Vector2d::Ones(), starts);
  EXPECT_LE(m.value, Eigen::Vector2d(0.1, -0.2).squaredNorm());
  EXPECT_EQ(m.value, m.x.squaredNorm());
}

TEST(MinimizeInBox, CountsThePointsItEvaluatedOverAllRuns) {
  std::size_t calls = 0;
  const SmoothFunction counted = [&calls](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
    ++calls;
    return two_wells(x, gradient);
  };
  Eigen::MatrixXd starts(3, 2);
  starts << -0.6, 0.3, 0.8, -0.2, 0.1, 0.9;
  const BoxMinimum m = minimize_in_box(counted, -Eigen::Vector2d::Ones(), Eigen::Vector2d::Ones(),
                                       starts, {7, 1e-9});
  EXPECT_EQ(m.evaluations, calls);
  EXPECT_GT(calls, 3u);
  EXPECT_LE(calls, 3u * 7u);
}

TEST(MinimizeInBox, PassesOnExceptionsOfTheFunction) {
  const SmoothFunction failing = [](const Eigen::VectorXd&, Eigen::VectorXd*) -> double {
    throw std::runtime_error("objective failed");
  };
  EXPECT_THROW(minimize_in_box(failing, Eigen::Vector2d::Zero(), Eigen::Vector2d::Ones(),
                               Eigen::RowVector2d(0.5, 0.5)),
               std::runtime_error);
  EXPECT_THROW(minimize_in_box(failing, Eigen::Vector2d::Zero(), Eigen::Vector2d::Ones(),
                               Eigen::MatrixXd(0, 2)),
               std::invalid_argument);
}

}  // namespace
