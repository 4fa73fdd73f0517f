// The map from the search box onto the unit cube: corners to corners, rows as single points,
// and the chain rule's factor for gradients.
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/unit_cube.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace bopp::bo;

TEST(UnitCube, MapsTheBoxOntoTheUnitCube) {
  const UnitCube cube{Eigen::Vector2d(-5, 10), Eigen::Vector2d(10, 0.5)};
  Eigen::MatrixXd X(3, 2);
  X << -5, 10, 5, 10.5, 0, 10.25;
  const Eigen::MatrixXd U = cube.points(X);
  EXPECT_EQ(U.row(0), Eigen::RowVector2d(0, 0));
  EXPECT_EQ(U.row(1), Eigen::RowVector2d(1, 1));
  EXPECT_EQ(U.row(2), Eigen::RowVector2d(0.5, 0.5));
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    EXPECT_EQ(cube.point(X.row(i).transpose()), U.row(i).transpose());
}

TEST(UnitCube, GradientInTheBoxIsTheChainRule) {
  // f(u) = aᵀu, so f(x) = aᵀ(x − lower)/widths and ∂f/∂x_i = a_i / width_i.
  const UnitCube cube{Eigen::Vector3d(0, -1, 2), Eigen::Vector3d(2, 4, 0.25)};
  const Eigen::Vector3d a(1, -3, 0.5);
  const Eigen::Vector3d x(0.3, 1.7, 2.1);
  const Eigen::VectorXd g = cube.gradient_in_box(a);
  const double h = 1e-6;
  for (Eigen::Index i = 0; i < 3; ++i) {
    Eigen::Vector3d step = Eigen::Vector3d::Zero();
    step[i] = h;
    const double difference = (a.dot(cube.point(x + step)) - a.dot(cube.point(x - step))) / (2 * h);
    EXPECT_NEAR(g[i], difference, 1e-6 * std::abs(difference));
  }
}

TEST(UnitCube, IsTheBoxOfTheGaussianProcess) {
  const GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::Vector2d(-1, 3),
                           Eigen::Vector2d(1, 7));
  const UnitCube cube = gp.unit_cube();
  EXPECT_EQ(cube.lower, Eigen::Vector2d(-1, 3));
  EXPECT_EQ(cube.widths, Eigen::Vector2d(2, 4));
  const Eigen::Vector2d x(0.5, 4);
  EXPECT_EQ(gp.point_to_unit_cube(x), cube.point(x));
}

}  // namespace
