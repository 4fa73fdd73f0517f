// The rows an algorithm learns from: status BOPP_OK and a finite value.
#include <bopp/abi.h>
#include <bopp/bo/successful_rows.hpp>

#include <gtest/gtest.h>

#include <limits>

namespace {

TEST(SuccessfulRows, DropsFailedStatusesNanAndInfinity) {
  const double inf = std::numeric_limits<double>::infinity();
  Eigen::VectorXd y(5);
  y << 1.0, std::numeric_limits<double>::quiet_NaN(), 2.0, inf, 3.0;
  const std::vector<std::int32_t> status{BOPP_OK, BOPP_OK, BOPP_EVAL_FAILED, BOPP_OK, BOPP_OK};
  EXPECT_EQ(bopp::bo::successful_rows(y, status), (std::vector<Eigen::Index>{0, 4}));
}

}  // namespace
