// Running simple and cumulative regret (bopp/host/report/regret.hpp) and the regret fields of
// an evaluations.jsonl line (docs/run-record.md).
#include <bopp/host/report/regret.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace bopp::host {
namespace {

TEST(RunningRegret, SumsTheMaximizedGapsAndKeepsTheLeast) {
  RunningRegret r(1.0, /*minimize=*/false);
  RegretSoFar a = r.add(true, 0.25);
  EXPECT_EQ(a.instant, 0.75);
  EXPECT_EQ(a.simple, 0.75);
  EXPECT_EQ(a.cumulative, 0.75);
  RegretSoFar b = r.add(true, 0.5);
  EXPECT_EQ(b.instant, 0.5);
  EXPECT_EQ(b.simple, 0.5);
  EXPECT_EQ(b.cumulative, 1.25);
  RegretSoFar c = r.add(true, 0.0);  // worse: the simple regret stays
  EXPECT_EQ(c.instant, 1.0);
  EXPECT_EQ(c.simple, 0.5);
  EXPECT_EQ(c.cumulative, 2.25);
}

TEST(RunningRegret, MirrorsForMinimizationAndNeverGoesBelowZero) {
  RunningRegret r(-2.0, /*minimize=*/true);
  EXPECT_EQ(r.add(true, 1.0).instant, 3.0);
  const RegretSoFar lucky = r.add(true, -2.5);  // a noisy value beyond the optimum
  EXPECT_EQ(lucky.instant, 0.0);
  EXPECT_EQ(lucky.simple, 0.0);
  EXPECT_EQ(lucky.cumulative, 3.0);
}

TEST(RunningRegret, AFailedEvaluationHasNoRegretAndLeavesTheSumsAlone) {
  RunningRegret r(0.0, /*minimize=*/true);
  const RegretSoFar first = r.add(false, std::nan(""));
  EXPECT_TRUE(std::isnan(first.instant));
  EXPECT_FALSE(first.simple.has_value());
  EXPECT_EQ(first.cumulative, 0.0);
  r.add(true, 2.0);
  const RegretSoFar failed = r.add(false, std::nan(""));
  EXPECT_TRUE(std::isnan(failed.instant));
  EXPECT_EQ(failed.simple, 2.0);
  EXPECT_EQ(failed.cumulative, 2.0);
  EXPECT_EQ(r.last().cumulative, 2.0);
}

TEST(RegretFields, AreWrittenOnlyWhenPresentAndReadBack) {
  RecordedEvaluation e;
  e.x = {0.5};
  e.ok = true;
  e.y = 0.25;
  EXPECT_FALSE(to_json(e).contains("cumulative_regret"));
  EXPECT_FALSE(evaluation_from_json(to_json(e)).regret.has_value());

  e.regret = RegretSoFar{0.75, 0.5, 1.25};
  const nlohmann::json j = to_json(e);
  EXPECT_EQ(j["regret"], 0.75);
  EXPECT_EQ(j["simple_regret"], 0.5);
  EXPECT_EQ(j["cumulative_regret"], 1.25);
  const RecordedEvaluation back = evaluation_from_json(j);
  ASSERT_TRUE(back.regret.has_value());
  EXPECT_EQ(back.regret->instant, 0.75);
  EXPECT_EQ(back.regret->simple, 0.5);
  EXPECT_EQ(back.regret->cumulative, 1.25);

  e.ok = false;
  e.regret = RegretSoFar{std::nan(""), std::nullopt, 0.0};
  const nlohmann::json failed = to_json(e);
  EXPECT_TRUE(failed["regret"].is_null());
  EXPECT_TRUE(failed["simple_regret"].is_null());
  EXPECT_EQ(failed["cumulative_regret"], 0.0);
  const RecordedEvaluation failed_back = evaluation_from_json(failed);
  ASSERT_TRUE(failed_back.regret.has_value());
  EXPECT_TRUE(std::isnan(failed_back.regret->instant));
  EXPECT_FALSE(failed_back.regret->simple.has_value());
}

}  // namespace
}  // namespace bopp::host
