// The memory a run's points take, and the key named when it cannot fit.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/loop/run_footprint.hpp>

#include <gtest/gtest.h>

#include <limits>

namespace bopp::host {
namespace {

Experiment sized(std::uint64_t budget, std::uint64_t batch) {
  Experiment e;
  e.source = "exp.toml";
  e.budget = budget;
  e.batch = batch;
  return e;
}

std::string refusal(const Experiment& e, std::uint64_t dim, const std::string& dim_key,
                    std::uint64_t ceiling) {
  try {
    check_run_fits(e, dim, dim_key, ceiling);
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

TEST(RunFootprint, CountsABatchAtItsRowsAndTheBudgetsPointsTold) {
  // 4 points of a batch at 64 bytes a coordinate, 100 told at 8.
  EXPECT_EQ(run_footprint_bytes(100, 4, 10), 4u * 10 * 64 + 100u * 10 * 8);
  // A batch larger than the budget holds the budget's points only.
  EXPECT_EQ(run_footprint_bytes(3, 1000, 10), 3u * 10 * 64 + 3u * 10 * 8);
}

TEST(RunFootprint, SaturatesInsteadOfWrappingAround) {
  const std::uint64_t huge = std::uint64_t{1} << 40;
  EXPECT_EQ(run_footprint_bytes(huge, huge, huge), std::numeric_limits<std::uint64_t>::max());
}

TEST(RunFootprint, ARunThatFitsPasses) { EXPECT_EQ(refusal(sized(100, 4), 10, "", 1u << 20), ""); }

TEST(RunFootprint, NamesBatchWhenOneBatchIsTooBig) {
  const std::string m = refusal(sized(1000000, 1000000), 2, "", 100000000);
  EXPECT_NE(m.find("exp.toml: [run] batch too large"), std::string::npos) << m;
  EXPECT_NE(m.find("lower [run] batch"), std::string::npos) << m;
}

TEST(RunFootprint, NamesBudgetWhenThePointsToldAreTooMany) {
  const std::string m = refusal(sized(100000000, 1), 2, "[objective] dim", 100000000);
  EXPECT_NE(m.find("[run] budget too large"), std::string::npos) << m;
  EXPECT_NE(m.find("lower [run] budget (or [objective] dim)"), std::string::npos) << m;
}

TEST(RunFootprint, NamesTheDimensionWhenOnePointIsTooBig) {
  const std::string keyed = refusal(sized(10, 1), 10000000, "[objective] dim", 100000000);
  EXPECT_NE(keyed.find("[objective] dim too large"), std::string::npos) << keyed;
  EXPECT_NE(keyed.find("[objective] dim = 10000000"), std::string::npos) << keyed;
  const std::string fixed = refusal(sized(10, 1), 10000000, "", 100000000);
  EXPECT_NE(fixed.find("the objective's dimension too large"), std::string::npos) << fixed;
}

TEST(RunFootprint, TheCeilingIsHalfThePhysicalMemory) {
  const std::uint64_t ceiling = run_memory_ceiling();
  EXPECT_GT(ceiling, 0u);
  EXPECT_LT(ceiling, std::numeric_limits<std::uint64_t>::max());
}

}  // namespace
}  // namespace bopp::host
