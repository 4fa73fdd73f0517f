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

TEST(SuccessfulRows, AppendKeepsOrderAndSkipsFailures) {
  Eigen::MatrixXd data_X(1, 2);
  data_X << 9.0, 9.0;
  Eigen::VectorXd data_y(1);
  data_y << 7.0;
  Eigen::MatrixXd X(3, 2);
  X << 1.0, 2.0, 3.0, 4.0, 5.0, 6.0;
  Eigen::VectorXd y(3);
  y << 1.5, 2.5, std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::int32_t> status{BOPP_OK, BOPP_EVAL_FAILED, BOPP_OK};
  bopp::bo::append_successful_rows(data_X, data_y, X, y, status);
  ASSERT_EQ(data_X.rows(), 2);
  EXPECT_EQ(data_X.row(1), X.row(0));
  EXPECT_EQ(data_y[0], 7.0);
  EXPECT_EQ(data_y[1], 1.5);
}

}  // namespace
