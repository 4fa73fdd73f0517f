// bopp/host/report/paired_comparison.hpp: two algorithms compared run by run, over the seeds
// both ran (docs/comparing-methods.md, "Paired comparisons").
#pragma once

#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/report/sample_summary.hpp>
#include <bopp/host/report/signed_rank_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

// Which pairs and budgets `bopp report` compares.
struct PairingOptions {
  // Evaluation counts to compare the best value at (--at), besides each run's last.
  std::vector<std::uint64_t> at;
  // Compare every algorithm with this one only (--baseline); empty: every pair of algorithms.
  std::string baseline;
};

// What a comparison compares, seed by seed.
enum class PairedMeasure {
  best_value,         // the best value so far, in the objective's sense
  cumulative_regret,  // Σ regret so far, when every run knows its optimum: lower is better
  algorithm_seconds,  // the algorithm's ask and tell over the whole run: lower is better
  // Their CPU time, where the runs have it (time_spent.hpp): lower is better.
  algorithm_cpu_seconds,
};
// "best value", "cumulative regret", "algorithm time", "algorithm CPU time": for tables.
std::string_view measure_title(PairedMeasure measure);
// "best_value", "cumulative_regret", "algorithm_seconds", "algorithm_cpu_seconds": for JSON.
std::string_view measure_key(PairedMeasure measure);

// Algorithm `first` against `second` (each at its batch size) on one objective: for every seed
// both ran, the measure of each after `at` evaluations (or at its end).
struct PairedComparison {
  std::string first;
  std::uint64_t first_batch = 1;
  std::string second;
  std::uint64_t second_batch = 1;
  PairedMeasure measure = PairedMeasure::best_value;
  std::optional<std::uint64_t> at;  // nullopt: each run's last evaluation
  std::size_t pairs = 0;            // seeds both ran this far, each with a success
  std::size_t wins = 0;             // seeds where `first` is better (lower, but for best values)
  std::size_t ties = 0;
  std::size_t losses = 0;
  // The median over seeds of how much better `first` is than `second`: second − first for a
  // measure minimized, first − second for best values maximized; NaN with no pairs.
  double median_difference = 0.0;
  // first's over second's, seed by seed, over the seeds where second's is above 0 ("1.38 times
  // the reference's regret"); n = 0 for best values, whose sign and zero are arbitrary.
  SampleSummary ratio;
  SignedRankTest test;  // on the differences
};

// "gp-ucb", or "gp-ucb (batch 4)" for a batch size above 1: a group's name in every table.
std::string group_label(const std::string& algorithm, std::uint64_t batch);
// Which of a report's two pair tables shows a comparison: the best values' (wins, ties,
// losses) or the lower-is-better measures' (with ratios). A comparison with no pair is in
// neither.
bool in_best_value_table(const PairedComparison& p);
bool in_lower_is_better_table(const PairedComparison& p);

// The comparisons among `runs` (all of one objective label, `minimize` its sense): every pair of
// (algorithm, batch) groups, or each group against the baseline's. For each pair: the best
// values at each run's end and at each of `options.at`; the cumulative regrets at the same
// budgets when every run knows its optimum; the algorithm's time over the whole run. A seed that
// one group ran twice counts its first run only.
std::vector<PairedComparison> paired_comparisons(const std::vector<const ReportRun*>& runs,
                                                 bool minimize, const PairingOptions& options);

}  // namespace bopp::host
