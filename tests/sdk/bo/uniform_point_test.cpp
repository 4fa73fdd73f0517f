// Uniform points of the search space: inside the box, one portable draw per coordinate in
// order, and candidate rows drawn as uniform_index draws them.
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/uniform_point.hpp>

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace bopp::bo;

TEST(UniformInBox, StaysInTheBoxAndCoversEveryCoordinatesRange) {
  const Eigen::Vector3d lower(-5, 0, 10), upper(5, 1e-3, 20);
  std::mt19937_64 rng(7);
  Eigen::Vector3d smallest = upper, largest = lower;
  for (int i = 0; i < 2000; ++i) {
    const Eigen::VectorXd x = uniform_in_box(rng, lower, upper);
    ASSERT_TRUE((x.array() >= lower.array()).all() && (x.array() <= upper.array()).all());
    smallest = smallest.cwiseMin(x);
    largest = largest.cwiseMax(x);
  }
  // 2000 draws leave less than 1 % of each width unvisited at either end.
  EXPECT_TRUE(((smallest - lower).array() < 0.01 * (upper - lower).array()).all());
  EXPECT_TRUE(((upper - largest).array() < 0.01 * (upper - lower).array()).all());
}

TEST(UniformInBox, IsOneUniformDrawPerCoordinateInOrder) {
  const Eigen::Vector2d lower(-1, 3), upper(2, 4);
  std::mt19937_64 a(11), b(11);
  const Eigen::VectorXd x = uniform_in_box(a, lower, upper);
  const double first = uniform(b, -1, 2);
  const double second = uniform(b, 3, 4);
  EXPECT_EQ(x[0], first);
  EXPECT_EQ(x[1], second);
  EXPECT_EQ(a(), b());  // the same words were used, no more
}

TEST(UniformRow, DrawsEveryRowAsUniformIndexDoes) {
  const bopp::Points candidates = bopp::Points::Zero(5, 2);
  std::mt19937_64 a(3), b(3);
  std::vector<int> seen(5, 0);
  for (int i = 0; i < 500; ++i) {
    const Eigen::Index row = uniform_row(a, candidates);
    ASSERT_EQ(static_cast<std::uint64_t>(row), uniform_index(b, 5));
    ++seen[static_cast<std::size_t>(row)];
  }
  for (const int count : seen) EXPECT_GT(count, 50);
}

}  // namespace
