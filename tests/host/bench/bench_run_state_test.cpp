// Bench run states: names both ways, and what index.json records.
#include <bopp/host/bench/bench_run_state.hpp>

#include <gtest/gtest.h>

namespace bopp::host {
namespace {

constexpr BenchRunState kAll[] = {BenchRunState::pending,   BenchRunState::running,
                                  BenchRunState::completed, BenchRunState::skipped,
                                  BenchRunState::failed,    BenchRunState::stopped};

TEST(BenchRunState, EveryStateRoundTripsThroughItsName) {
  for (const BenchRunState s : kAll)
    EXPECT_EQ(parse_bench_run_state(to_string(s)), s) << to_string(s);
  EXPECT_EQ(parse_bench_run_state("done"), std::nullopt);
}

TEST(BenchRunState, IndexRecordsASkippedRunAsCompleted) {
  EXPECT_EQ(index_text(BenchRunState::skipped), "completed");
  EXPECT_EQ(index_text(BenchRunState::completed), "completed");
  EXPECT_EQ(index_text(BenchRunState::failed), "failed");
  EXPECT_EQ(index_text(BenchRunState::pending), "pending");
  EXPECT_EQ(index_text(BenchRunState::running), "running");
  EXPECT_EQ(index_text(BenchRunState::stopped), "stopped");
}

}  // namespace
}  // namespace bopp::host
