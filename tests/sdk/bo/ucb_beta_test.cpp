// UCB's β_t: the three schedules against their closed forms, and the keys' checks.
#include <bopp/bo/ucb_beta.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace {

bopp::Config parse(const std::string& text) {
  static const bopp::ParamTable table(bopp::bo::ucb_beta_params(4.0));
  return bopp::Config::parse(text, {table.data(), table.size()}, "algorithm 'test'");
}

TEST(UcbBeta, ConstantByDefault) {
  const bopp::bo::UcbBeta b = bopp::bo::read_ucb_beta(parse(""));
  EXPECT_EQ(b.schedule, bopp::bo::BetaSchedule::constant);
  EXPECT_EQ(b.at(1, 3), 4.0);
  EXPECT_EQ(b.at(1000, 50), 4.0);
  EXPECT_EQ(bopp::bo::read_ucb_beta(parse("beta = 0.5\n")).at(7, 2), 0.5);
}

TEST(UcbBeta, KandasamyGrowsWithDimensionAndLogT) {
  const bopp::bo::UcbBeta b = bopp::bo::read_ucb_beta(parse("beta_schedule = 'kandasamy'\n"));
  EXPECT_DOUBLE_EQ(b.at(10, 6), 0.2 * 6 * std::log(20.0));
  EXPECT_DOUBLE_EQ(b.at(500, 20), 0.2 * 20 * std::log(1000.0));
  EXPECT_DOUBLE_EQ(b.at(0, 2), b.at(1, 2));  // t is at least 1
}

TEST(UcbBeta, SrinivasUsesDelta) {
  const bopp::bo::UcbBeta b =
      bopp::bo::read_ucb_beta(parse("beta_schedule = 'srinivas'\nbeta_delta = 0.05\n"));
  const double pi2 = std::numbers::pi * std::numbers::pi;
  EXPECT_DOUBLE_EQ(b.at(30, 5), 2.0 * std::log(900.0 * pi2 / (6.0 * 0.05)));
}

TEST(UcbBeta, RejectsBadValues) {
  EXPECT_ANY_THROW(parse("beta = -1.0\n"));
  EXPECT_ANY_THROW(parse("beta_delta = 0.0\n"));
  EXPECT_ANY_THROW(parse("beta_schedule = 'linear'\n"));
}

}  // namespace
