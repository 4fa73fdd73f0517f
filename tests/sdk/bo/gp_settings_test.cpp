// The GP keys local methods share: defaults, a noiseless setting, and the lengthscales in the
// user's units and the unit cube's.
#include <bopp/bo/gp_settings.hpp>
#include <bopp/bo/mueller_lengthscale.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

bopp::Config parse(const std::string& text) {
  static const bopp::ParamTable table(bopp::bo::gp_settings_params());
  return bopp::Config::parse(text, {table.data(), table.size()}, "algorithm 'test'");
}

TEST(GpSettings, DefaultsAreThePapersSyntheticSetup) {
  const bopp::bo::GpSettings s = bopp::bo::read_gp_settings(parse(""));
  EXPECT_EQ(s.kernel, bopp::bo::KernelType::rbf);
  EXPECT_EQ(s.outputscale, 1.0);
  EXPECT_EQ(s.noise_variance, 0.01);
  EXPECT_FALSE(s.fit);
}

TEST(GpSettings, AcceptsNoiselessAndRejectsNegativeNoise) {
  EXPECT_EQ(bopp::bo::read_gp_settings(parse("noise_variance = 0.0\n")).noise_variance, 0.0);
  EXPECT_ANY_THROW(parse("noise_variance = -1.0\n"));
}

TEST(GpSettings, LengthscalesInUserAndModelUnits) {
  const Eigen::VectorXd lower = Eigen::Vector2d(0, -1), upper = Eigen::Vector2d(2, 3);
  const bopp::bo::GpSettings rule = bopp::bo::read_gp_settings(parse(""));
  const double l = bopp::bo::mueller_lengthscale(2);
  EXPECT_EQ(rule.model_lengthscales(lower, upper), Eigen::Vector2d(l, l));
  EXPECT_EQ(rule.user_lengthscales(lower, upper), Eigen::Vector2d(2 * l, 4 * l));
  const bopp::bo::GpSettings given = bopp::bo::read_gp_settings(parse("lengthscale = 0.5\n"));
  EXPECT_EQ(given.user_lengthscales(lower, upper), Eigen::Vector2d(0.5, 0.5));
  EXPECT_EQ(given.model_lengthscales(lower, upper), Eigen::Vector2d(0.25, 0.125));
}

}  // namespace
