// Run statuses: the texts run.json holds, both ways.
#include <bopp/host/run/record/run_status.hpp>

#include <gtest/gtest.h>

namespace bopp::host {
namespace {

TEST(RunStatus, EveryStatusRoundTripsThroughItsText) {
  for (const RunStatus s :
       {RunStatus::running, RunStatus::completed, RunStatus::stopped, RunStatus::failed}) {
    EXPECT_EQ(parse_run_status(to_string(s)), s) << to_string(s);
  }
}

TEST(RunStatus, TextsAreThoseOfTheRunRecord) {
  EXPECT_EQ(to_string(RunStatus::running), "running");
  EXPECT_EQ(to_string(RunStatus::completed), "completed");
  EXPECT_EQ(to_string(RunStatus::stopped), "stopped");
  EXPECT_EQ(to_string(RunStatus::failed), "failed");
}

TEST(RunStatus, OtherTextsAreNoStatus) {
  EXPECT_EQ(parse_run_status(""), std::nullopt);
  EXPECT_EQ(parse_run_status("Completed"), std::nullopt);
  EXPECT_EQ(parse_run_status("skipped"), std::nullopt);
}

}  // namespace
}  // namespace bopp::host
