// The start point of a local method: x0, a shared Sobol point, or the centre, and the errors.
#include <bopp/bo/design.hpp>
#include <bopp/bo/start_point.hpp>
#include <bopp/config_schema.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using bopp::bo::start_point;

const Eigen::VectorXd lower = Eigen::Vector3d(-1.0, 0.0, 2.0);
const Eigen::VectorXd upper = Eigen::Vector3d(1.0, 4.0, 3.0);

std::string key_of_error(const std::optional<Eigen::VectorXd>& x0,
                         std::optional<std::int64_t> index) {
  try {
    start_point(lower, upper, x0, index, "algorithm 'test'");
  } catch (const bopp::SchemaError& e) {
    return e.key();
  }
  return "";
}

TEST(StartPoint, CentreByDefaultThenGivenPointThenSobolPoint) {
  EXPECT_EQ(start_point(lower, upper, std::nullopt, std::nullopt, "t"),
            Eigen::VectorXd((lower + upper) / 2));
  const Eigen::VectorXd x0 = Eigen::Vector3d(0.5, 1.0, 2.5);
  EXPECT_EQ(start_point(lower, upper, x0, std::nullopt, "t"), x0);
  // Point 3 of the seed-0 Sobol design over the box: the same for every caller and run.
  const Eigen::VectorXd sobol =
      bopp::bo::scale_to_box(bopp::bo::sobol_design(4, 3, 0), lower, upper).row(3).transpose();
  EXPECT_EQ(start_point(lower, upper, std::nullopt, 3, "t"), sobol);
  EXPECT_NE(start_point(lower, upper, std::nullopt, 4, "t"), sobol);
}

TEST(StartPoint, BadStartsNameTheirKey) {
  EXPECT_EQ(key_of_error(Eigen::Vector2d(0.0, 1.0), std::nullopt), "x0");        // wrong length
  EXPECT_EQ(key_of_error(Eigen::Vector3d(0.0, 5.0, 2.5), std::nullopt), "x0");   // outside
  EXPECT_EQ(key_of_error(Eigen::VectorXd(), std::nullopt), "x0");                // given, empty
  EXPECT_EQ(key_of_error(Eigen::Vector3d(0.0, 1.0, 2.5), 1), "x0_sobol_index");  // both
}

}  // namespace
