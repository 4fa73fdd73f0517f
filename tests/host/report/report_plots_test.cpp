// The curves `bopp report` plots, checked against sums worked out by hand: cumulative regret
// and the algorithm's cumulative time, per evaluation, averaged over runs.
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using bopp::host::BatchTiming;
using bopp::host::kUnknownSeconds;
using bopp::host::RecordedEvaluation;
using bopp::host::ReportRun;

// Rows "x mean" of the first block of a .dat file.
std::vector<std::pair<double, double>> first_block(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::pair<double, double>> rows;
  std::string line;
  bool started = false;
  while (std::getline(in, line)) {
    if (line.empty()) {
      if (started) break;
      continue;
    }
    if (line[0] == '#') continue;
    started = true;
    std::istringstream fields(line);
    double x = 0, mean = 0;
    fields >> x >> mean;
    rows.emplace_back(x, mean);
  }
  return rows;
}

ReportRun run(std::vector<double> y, std::vector<bool> ok, std::vector<std::uint64_t> batch,
              std::vector<BatchTiming> timings) {
  ReportRun r;
  // Built, not assigned from a literal: GCC 12 warns falsely (-Wrestrict) on the assignment.
  r.objective = std::string(1, 'f');
  r.algorithm = std::string(1, 'a');
  r.minimize = true;
  r.optimum = 1.0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    RecordedEvaluation e;
    e.index = i;
    e.batch = batch[i];
    e.y = y[i];
    e.ok = ok[i];
    r.evaluations.push_back(e);
  }
  r.batches = std::move(timings);
  return r;
}

// One convention: regret is the worse-direction distance to the optimum, never negative; the
// signed difference is there for whoever wants to see a noisy value beat the optimum.
TEST(Regret, IsNeverNegativeAndTheRawDifferenceKeepsItsSign) {
  EXPECT_DOUBLE_EQ(bopp::host::regret(3.0, 1.0, true), 2.0);
  EXPECT_DOUBLE_EQ(bopp::host::regret(0.5, 1.0, true), 0.0);
  EXPECT_DOUBLE_EQ(bopp::host::regret_gap(0.5, 1.0, true), -0.5);
  EXPECT_DOUBLE_EQ(bopp::host::regret(-1.0, 1.0, false), 2.0);
  EXPECT_DOUBLE_EQ(bopp::host::regret(1.25, 1.0, false), 0.0);
  EXPECT_DOUBLE_EQ(bopp::host::regret_gap(1.25, 1.0, false), -0.25);
  EXPECT_TRUE(std::isnan(bopp::host::regret(std::nan(""), 1.0, true)));
  // A value below a minimized optimum (noise) adds nothing to the cumulative regret instead
  // of paying back what was lost before.
  const ReportRun r = run({3.0, 0.0, 2.0}, {true, true, true}, {0, 1, 2}, {});
  const std::vector<double> sums = bopp::host::cumulative_regret(r, 1.0);
  ASSERT_EQ(sums.size(), 3u);
  EXPECT_DOUBLE_EQ(sums[0], 2.0);
  EXPECT_DOUBLE_EQ(sums[1], 2.0);
  EXPECT_DOUBLE_EQ(sums[2], 3.0);
}

// A bench over functions drawn per seed (gpsample seed = -1): every run has its own optimum,
// and each run's regret is measured against its own.
TEST(Regret, RunsWithDifferentOptimaAreEachMeasuredAgainstTheirOwn) {
  ReportRun a = run({3.0, 2.0}, {true, true}, {0, 1}, {});
  ReportRun b = run({5.0, 4.5}, {true, true}, {0, 1}, {});
  b.optimum = 4.0;  // a's is 1.0
  const auto report = bopp::host::build_report({a, b}, {});
  ASSERT_EQ(report.size(), 1u);
  EXPECT_TRUE(report[0].regret);
  EXPECT_FALSE(report[0].optimum.has_value());
  ASSERT_EQ(report[0].rows.size(), 1u);
  // Simple regrets 1 and 0.5; cumulative 2 + 1 = 3 and 1 + 0.5 = 1.5.
  EXPECT_DOUBLE_EQ(report[0].rows[0].simple_regret->mean, 0.75);
  EXPECT_DOUBLE_EQ(report[0].rows[0].cumulative_regret->mean, 2.25);
  const std::string table = bopp::host::format_report(report, "md");
  EXPECT_NE(table.find("regret against each run's own optimum"), std::string::npos) << table;

  // One run without an optimum: no regret at all, rather than regret of some runs.
  ReportRun c = run({1.0, 1.0}, {true, true}, {0, 1}, {});
  c.optimum.reset();
  EXPECT_FALSE(bopp::host::build_report({a, c}, {})[0].regret);
}

TEST(ReportPlots, CumulativeRegretAndAlgorithmTimePerEvaluation) {
  const fs::path folder = bopp::test::fresh_folder("report-plots");
  // Two runs of one algorithm; batches of two then one; a failed evaluation adds no regret.
  std::vector<ReportRun> runs{
      run({3.0, 2.0, 1.5}, {true, true, true}, {0, 0, 1},
          {{0, 2, 0.5, 0, 0.25, kUnknownSeconds, kUnknownSeconds, {}},
           {1, 1, 1.0, 0, 2.0, kUnknownSeconds, kUnknownSeconds, {}}}),
      run({5.0, 9.0, 1.0}, {true, false, true}, {0, 0, 1},
          {{0, 2, 1.5, 0, 0.75, kUnknownSeconds, kUnknownSeconds, {}},
           {1, 1, 3.0, 0, 4.0, kUnknownSeconds, kUnknownSeconds, {}}}),
  };
  bopp::host::PlotOptions options;
  options.render = false;
  bopp::host::write_plots(runs, folder, options);

  // Regrets: run 1: 2, 1, 0.5 -> 2, 3, 3.5; run 2: 4, (failed), 0 -> 4, 4, 4.
  const auto regret = first_block(folder / "f-cumulative-regret.dat");
  ASSERT_EQ(regret.size(), 3u);
  EXPECT_DOUBLE_EQ(regret[0].second, 3.0);
  EXPECT_DOUBLE_EQ(regret[1].second, 3.5);
  EXPECT_DOUBLE_EQ(regret[2].second, 3.75);
  EXPECT_DOUBLE_EQ(regret[2].first, 3.0);

  // Time: run 1: ask 0.5 | +tell 0.25 | +ask 1 +tell 2 -> 0.5, 0.75, 3.75;
  //       run 2: 1.5, 2.25, 9.25.
  const auto time = first_block(folder / "f-algorithm-time.dat");
  ASSERT_EQ(time.size(), 3u);
  EXPECT_DOUBLE_EQ(time[0].second, 1.0);
  EXPECT_DOUBLE_EQ(time[1].second, 1.5);
  EXPECT_DOUBLE_EQ(time[2].second, 6.5);
}

TEST(ReportPlots, NoCumulativeRegretWithoutAnOptimum) {
  const fs::path folder = bopp::test::fresh_folder("report-plots-no-optimum");
  std::vector<ReportRun> runs{
      run({3.0}, {true}, {0}, {{0, 1, 0.5, 0, 0.25, kUnknownSeconds, kUnknownSeconds, {}}})};
  runs[0].optimum.reset();
  bopp::host::PlotOptions options;
  options.render = false;
  bopp::host::write_plots(runs, folder, options);
  EXPECT_FALSE(fs::exists(folder / "f-cumulative-regret.dat"));
  EXPECT_TRUE(fs::exists(folder / "f-algorithm-time.dat"));
}

}  // namespace
