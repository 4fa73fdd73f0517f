// GIBO's gradient-batch keys and the options they make: the early stop is greedy's only.
#include <bopp/bo/gradient_batch_settings.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using Mode = bopp::bo::GradientBatchOptions::Mode;

bopp::bo::GradientBatchSettings read(const std::string& text) {
  static const bopp::ParamTable table(bopp::bo::gradient_batch_params());
  return bopp::bo::read_gradient_batch_settings(
      bopp::Config::parse(text, {table.data(), table.size()}, "algorithm 'test'"));
}

TEST(GradientBatchSettings, DefaultsAreMuellersSynthetic) {
  const bopp::bo::GradientBatchSettings s = read("");
  EXPECT_EQ(s.eps_diff, 0.1);
  EXPECT_EQ(s.raw_samples, 64);
  EXPECT_EQ(s.restarts, 5);
}

TEST(GradientBatchSettings, EarlyStopAppliesToTheGreedyModeOnly) {
  const bopp::bo::GradientBatchSettings s = read("eps_diff = 0.3\nraw_samples = 8\nrestarts = 2\n");
  const bopp::bo::GradientBatchOptions greedy = s.options(Mode::greedy, 4, 0.2);
  EXPECT_EQ(greedy.min_reduction, 0.3);
  EXPECT_EQ(greedy.batch, 4);
  EXPECT_EQ(greedy.box_delta, 0.2);
  EXPECT_EQ(greedy.raw_samples, 8);
  EXPECT_EQ(greedy.restarts, 2);
  EXPECT_EQ(s.options(Mode::joint, 4, 0.2).min_reduction, 0.0);
}

}  // namespace
