// Methods that draw or step inside the box refuse an infinite bound, naming the dimension.
#include <bopp/bo/finite_bounds.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace {

TEST(FiniteBounds, AcceptsAFiniteBoxAndNamesTheFirstInfiniteDimension) {
  const Eigen::VectorXd lower = Eigen::Vector2d(0, 0);
  Eigen::VectorXd upper = Eigen::Vector2d(1, 1);
  EXPECT_NO_THROW(bopp::bo::require_finite_bounds(lower, upper, "algorithm 'test'"));
  upper[1] = std::numeric_limits<double>::infinity();
  try {
    bopp::bo::require_finite_bounds(lower, upper, "algorithm 'test'");
    FAIL() << "an infinite bound was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("algorithm 'test'"), std::string::npos) << message;
    EXPECT_NE(message.find("dimension 1"), std::string::npos) << message;
  }
}

}  // namespace
