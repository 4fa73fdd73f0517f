// Paired comparisons in `bopp report`: the signed-rank test against values scipy.stats.wilcoxon
// gives (scipy 1.10), and the pairing of runs by seed and budget.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/report/paired_comparison.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/signed_rank_test.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace bopp::host {
namespace {

TEST(SignedRankTest, ExactWithoutTiesAsScipy) {
  // wilcoxon([1.5, -0.5, 2.25, 3, -1.25, 0.75, 4, 2.5], method="exact"): statistic 4 (the
  // smaller rank sum), p = 0.0546875.
  const std::vector<double> d{1.5, -0.5, 2.25, 3.0, -1.25, 0.75, 4.0, 2.5};
  const SignedRankTest t = signed_rank_test(d);
  EXPECT_TRUE(t.exact);
  EXPECT_EQ(t.n, 8u);
  EXPECT_EQ(t.w_plus, 32.0);  // 36 - 4
  EXPECT_DOUBLE_EQ(t.p_value, 0.0546875);
  // All ten positive: p = 2 / 2^10.
  const std::vector<double> all{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  EXPECT_DOUBLE_EQ(signed_rank_test(all).p_value, 0.001953125);
  // The sign of every difference flipped gives the same two-sided p.
  std::vector<double> flipped = d;
  for (double& v : flipped) v = -v;
  EXPECT_DOUBLE_EQ(signed_rank_test(flipped).p_value, t.p_value);
}

TEST(SignedRankTest, ZerosAreDroppedAndTiesUseTheNormalApproximation) {
  // wilcoxon([1, -1, 2, 2, -3, 0.5, 0, 4]): the zero dropped, tied magnitudes, so the normal
  // approximation with the tie-corrected variance: p = 0.3508159294062424.
  const std::vector<double> d{1.0, -1.0, 2.0, 2.0, -3.0, 0.5, 0.0, 4.0};
  const SignedRankTest t = signed_rank_test(d);
  EXPECT_FALSE(t.exact);
  EXPECT_EQ(t.n, 7u);
  EXPECT_NEAR(t.p_value, 0.3508159294062424, 1e-12);
}

TEST(SignedRankTest, LargeSamplesUseTheNormalApproximation) {
  // wilcoxon(d, method="approx") on these 60 values: p = 0.9004069764006799.
  const std::vector<double> d{
      0.395,  1.55,   -0.631, 1.292,  0.041,  0.038,  2.2,    0.458,  0.257,  1.029,
      1.427,  0.269,  0.888,  -0.674, -0.067, -0.138, -1.032, -1.209, -1.327, 0.061,
      0.128,  -0.02,  0.369,  -1.036, 0.221,  0.538,  1.051,  -0.546, -0.1,   -1.715,
      -0.204, -1.897, -1.119, 1.402,  -1.902, 1.099,  0.628,  -0.012, 0.759,  0.827,
      1.345,  0.07,   -0.292, -0.305, -0.686, 0.255,  -0.486, 1.369,  -1.569, -0.794,
      -0.653, -1.793, 2.202,  -2.108, 0.017,  -0.225, 1.956,  -1.685, 1.372,  -0.431};
  const SignedRankTest t = signed_rank_test(d);
  EXPECT_FALSE(t.exact);
  EXPECT_NEAR(t.p_value, 0.9004069764006799, 1e-12);
}

TEST(SignedRankTest, NoDifferencesGiveNoEvidence) {
  EXPECT_EQ(signed_rank_test(std::vector<double>{}).p_value, 1.0);
  EXPECT_EQ(signed_rank_test(std::vector<double>{0.0, 0.0}).n, 0u);
}

// A run whose evaluations have the values `ys`, in order.
ReportRun run_of(std::string algorithm, std::uint64_t seed, std::vector<double> ys) {
  ReportRun r;
  r.objective = std::string("f");
  r.algorithm = std::move(algorithm);
  r.seed = seed;
  for (std::size_t i = 0; i < ys.size(); ++i) {
    RecordedEvaluation e;
    e.index = i;
    e.ok = true;
    e.y = ys[i];
    r.evaluations.push_back(e);
  }
  return r;
}

// The comparisons of one measure, in their order.
std::vector<PairedComparison> of_measure(const std::vector<PairedComparison>& pairs,
                                         PairedMeasure measure) {
  std::vector<PairedComparison> out;
  for (const PairedComparison& p : pairs) {
    if (p.measure == measure) out.push_back(p);
  }
  return out;
}

TEST(PairedComparison, PairsRunsBySeedAtTheirEndAndAtEachBudget) {
  const std::vector<ReportRun> runs{
      run_of("a", 0, {5, 1, 0.5}), run_of("a", 1, {4, 3, 2}), run_of("a", 2, {9, 9, 9}),
      run_of("b", 0, {3, 3, 3}),   run_of("b", 1, {1, 1, 1}), run_of("b", 3, {0, 0, 0}),
      run_of("c", 0, {5, 5}),      run_of("c", 1, {2, 2, 2}),
  };
  const std::vector<ObjectiveReport> report =
      build_report(runs, {}, PairingOptions{.at = {1, 3}, .baseline = "b"});
  ASSERT_EQ(report.size(), 1u);
  // No optimum: best values at the end, 1 and 3, and the time, for a and c against b.
  ASSERT_EQ(report[0].pairs.size(), 8u);
  const std::vector<PairedComparison> pairs =
      of_measure(report[0].pairs, PairedMeasure::best_value);
  ASSERT_EQ(pairs.size(), 6u);
  const PairedComparison& end = pairs[0];
  EXPECT_EQ(end.first, "a");
  EXPECT_EQ(end.second, "b");
  EXPECT_FALSE(end.at.has_value());
  EXPECT_EQ(end.pairs, 2u);  // seeds 0 and 1; 2 and 3 ran under one label only
  EXPECT_EQ(end.wins, 1u);   // seed 0: 0.5 against 3 (minimized)
  EXPECT_EQ(end.losses, 1u);
  EXPECT_DOUBLE_EQ(end.median_difference, (2.5 + -1.0) / 2);
  const PairedComparison& first = pairs[1];
  EXPECT_EQ(first.at, 1u);
  EXPECT_EQ(first.losses, 2u);  // 5 against 3, 4 against 1
  // c's seed 0 ran 2 evaluations: left out at 3, kept at its end.
  EXPECT_EQ(pairs[3].first, "c");
  EXPECT_EQ(pairs[3].pairs, 2u);
  EXPECT_EQ(pairs[5].at, 3u);
  EXPECT_EQ(pairs[5].pairs, 1u);
  EXPECT_EQ(pairs[5].ties, 0u);
  EXPECT_EQ(pairs[5].losses, 1u);  // seed 1: 2 against 1

  // Without a baseline, every pair once; maximizing turns the differences round.
  std::vector<ReportRun> maximized = runs;
  for (ReportRun& r : maximized) r.minimize = false;
  const auto all = of_measure(build_report(maximized, {}, {})[0].pairs, PairedMeasure::best_value);
  ASSERT_EQ(all.size(), 3u);   // a-b, a-c, b-c at the end
  EXPECT_EQ(all[0].wins, 2u);  // seed 0: 5 against 3; seed 1: 4 against 1
  EXPECT_DOUBLE_EQ(all[0].median_difference, (5.0 - 3.0 + 4.0 - 1.0) / 2);
}

TEST(PairedComparison, CumulativeRegretAndTimeArePairedLowerIsBetterWithTheirRatios) {
  // Maximized with optimum 10: regrets 10 - y, never below 0.
  std::vector<ReportRun> runs{
      run_of("a", 0, {8, 9, 11}),  // regrets 2, 1, 0: 3 in all (2 after 1)
      run_of("a", 1, {4, 6}),      // 6, 4: 10
      run_of("b", 0, {7, 7, 7}),   // 3, 3, 3: 9 (3 after 1)
      run_of("b", 1, {5, 5}),      // 5, 5: 10
      run_of("b", 2, {0}),         // no partner
  };
  const double seconds[] = {1.0, 4.0, 2.0, 2.0, 7.0};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    runs[i].minimize = false;
    runs[i].optimum = 10.0;
    runs[i].algorithm_seconds = seconds[i];
  }
  const auto pairs = build_report(runs, {}, PairingOptions{.at = {1}, .baseline = "b"})[0].pairs;
  ASSERT_EQ(pairs.size(), 5u);  // best value at end and 1, cumulative regret at end and 1, time

  const auto regret = of_measure(pairs, PairedMeasure::cumulative_regret);
  ASSERT_EQ(regret.size(), 2u);
  const PairedComparison& end = regret[0];
  EXPECT_FALSE(end.at.has_value());
  EXPECT_EQ(end.pairs, 2u);
  EXPECT_EQ(end.wins, 1u);  // seed 0: 3 against 9, lower
  EXPECT_EQ(end.ties, 1u);  // seed 1: 10 against 10
  EXPECT_EQ(end.losses, 0u);
  EXPECT_DOUBLE_EQ(end.median_difference, (6.0 + 0.0) / 2);  // second − first
  EXPECT_EQ(end.ratio.n, 2u);
  EXPECT_DOUBLE_EQ(end.ratio.mean, (3.0 / 9.0 + 1.0) / 2);
  EXPECT_DOUBLE_EQ(end.ratio.median, end.ratio.mean);
  EXPECT_EQ(regret[1].at, 1u);
  EXPECT_EQ(regret[1].wins, 1u);    // seed 0: 2 against 3
  EXPECT_EQ(regret[1].losses, 1u);  // seed 1: 6 against 5

  const auto time = of_measure(pairs, PairedMeasure::algorithm_seconds);
  ASSERT_EQ(time.size(), 1u);
  EXPECT_FALSE(time[0].at.has_value());
  EXPECT_EQ(time[0].pairs, 2u);
  EXPECT_EQ(time[0].wins, 1u);    // 1 s against 2 s
  EXPECT_EQ(time[0].losses, 1u);  // 4 s against 2 s
  EXPECT_DOUBLE_EQ(time[0].ratio.mean, (0.5 + 2.0) / 2);
  // Best values keep no ratio: their sign and zero are the objective's.
  EXPECT_EQ(of_measure(pairs, PairedMeasure::best_value)[0].ratio.n, 0u);

  // Markdown and JSON carry them.
  const std::vector<ObjectiveReport> report =
      build_report(runs, {}, PairingOptions{.at = {}, .baseline = "b"});
  const std::string md = format_report(report, "md");
  EXPECT_NE(
      md.find("| a | b | cumulative regret | end | 2 | 1 | 1 | 0 | 0.6667 ± 0.3333 | 0.6667 |"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| a | b | algorithm time | end | 2 | 1 | 0 | 1 | 1.25 ± 0.75 | 1.25 |"),
            std::string::npos)
      << md;
  const std::string json = format_report(report, "json");
  EXPECT_NE(json.find("\"measure\": \"cumulative_regret\""), std::string::npos) << json;
}

TEST(PairedComparison, CpuTimesArePairedWhereTheRunsHaveThem) {
  std::vector<ReportRun> runs{run_of("a", 0, {1}), run_of("a", 1, {1}), run_of("a", 2, {1}),
                              run_of("b", 0, {2}), run_of("b", 1, {2}), run_of("b", 2, {2})};
  const double cpu[] = {1.0, 3.0, 5.0, 2.0, 2.0, kUnknownSeconds};  // b's seed 2: an old record
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].algorithm_cpu_seconds = cpu[i];
  const auto report = build_report(runs, {}, PairingOptions{.at = {}, .baseline = "b"});
  const auto time = of_measure(report[0].pairs, PairedMeasure::algorithm_cpu_seconds);
  ASSERT_EQ(time.size(), 1u);
  EXPECT_EQ(time[0].pairs, 2u);  // seed 2 left out
  EXPECT_EQ(time[0].wins, 1u);   // 1 s against 2 s
  EXPECT_EQ(time[0].losses, 1u);
  EXPECT_DOUBLE_EQ(time[0].ratio.mean, (0.5 + 1.5) / 2);
  // The rows: a's three runs have it, b's do not all.
  ASSERT_EQ(report[0].rows.size(), 2u);
  ASSERT_TRUE(report[0].rows[0].algorithm_cpu_seconds.has_value());
  EXPECT_DOUBLE_EQ(report[0].rows[0].algorithm_cpu_seconds->mean, 3.0);
  EXPECT_FALSE(report[0].rows[1].algorithm_cpu_seconds.has_value());
  EXPECT_NE(
      format_report(report, "md").find("| a | b | algorithm CPU time | end | 2 | 1 | 0 | 1 |"),
      std::string::npos);
  // No run with it: no such comparison.
  for (ReportRun& r : runs) r.algorithm_cpu_seconds = kUnknownSeconds;
  EXPECT_TRUE(of_measure(build_report(runs, {}, PairingOptions{.at = {}, .baseline = "b"})[0].pairs,
                         PairedMeasure::algorithm_cpu_seconds)
                  .empty());
}

TEST(PairedComparison, AnUnknownBaselineNamesTheLabels) {
  const std::vector<ReportRun> runs{run_of("a", 0, {1}), run_of("b", 0, {2})};
  try {
    build_report(runs, {}, PairingOptions{.at = {}, .baseline = "gpbo"});
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "--baseline 'gpbo' is not the label of any run's algorithm; the labels are 'a', "
                 "'b'");
  }
}

TEST(PairedComparison, EachComparisonWithPairsIsInOneTableUnderItsGroupLabels) {
  EXPECT_EQ(group_label("gp-ucb", 1), "gp-ucb");
  EXPECT_EQ(group_label("gp-ucb", 4), "gp-ucb (batch 4)");
  PairedComparison p;
  p.pairs = 3;
  EXPECT_TRUE(in_best_value_table(p));
  EXPECT_FALSE(in_lower_is_better_table(p));
  for (const PairedMeasure m :
       {PairedMeasure::cumulative_regret, PairedMeasure::algorithm_seconds}) {
    p.measure = m;
    EXPECT_FALSE(in_best_value_table(p));
    EXPECT_TRUE(in_lower_is_better_table(p));
  }
  p.pairs = 0;
  EXPECT_FALSE(in_best_value_table(p) || in_lower_is_better_table(p));
}

}  // namespace
}  // namespace bopp::host
