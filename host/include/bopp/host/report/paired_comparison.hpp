// bopp/host/report/paired_comparison.hpp: two algorithms compared run by run, over the seeds
// both ran (docs/comparing-methods.md, "Paired comparisons").
#pragma once

#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/report/signed_rank_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// Which pairs and budgets `bopp report` compares.
struct PairingOptions {
  // Evaluation counts to compare the best value at (--at), besides each run's last.
  std::vector<std::uint64_t> at;
  // Compare every algorithm with this one only (--baseline); empty: every pair of algorithms.
  std::string baseline;
};

// Algorithm `first` against `second` (each at its batch size) on one objective: for every seed
// both ran, the best value each had found after `at` evaluations (or at its end).
struct PairedComparison {
  std::string first;
  std::uint64_t first_batch = 1;
  std::string second;
  std::uint64_t second_batch = 1;
  std::optional<std::uint64_t> at;  // nullopt: each run's last evaluation
  std::size_t pairs = 0;            // seeds both ran this far, each with a success
  std::size_t wins = 0;             // seeds where `first` is better
  std::size_t ties = 0;
  std::size_t losses = 0;
  // The median over seeds of how much better `first`'s best value is than `second`'s
  // (second - first when minimizing, first - second when maximizing); NaN with no pairs.
  double median_difference = 0.0;
  SignedRankTest test;  // on those differences
};

// The comparisons among `runs` (all of one objective label, `minimize` its sense): every pair of
// (algorithm, batch) groups, or each group against the baseline's, at each run's end and at each
// of `options.at`. A seed that one group ran twice counts its first run only.
std::vector<PairedComparison> paired_comparisons(const std::vector<const ReportRun*>& runs,
                                                 bool minimize, const PairingOptions& options);

}  // namespace bopp::host
