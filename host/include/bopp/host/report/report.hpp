// bopp/host/report/report.hpp: the comparison tables of `bopp report` (docs/comparing-methods.md).
#pragma once

#include <bopp/host/report/paired_comparison.hpp>
#include <bopp/host/report/regret.hpp>
#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/report/sample_summary.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// One algorithm (at one batch size) on one objective, over its runs.
struct ReportRow {
  std::string algorithm;
  std::uint64_t batch = 1;
  std::size_t runs = 0;
  SampleSummary final_best;                            // best value found, objective's sense
  std::optional<SampleSummary> simple_regret;          // |final best - optimum|, when known
  std::optional<SampleSummary> cumulative_regret;      // sum over successful evaluations
  std::size_t reached_target = 0;                      // runs that reached the target
  SampleSummary evaluations_to_target;                 // over the runs that reached it
  SampleSummary algorithm_seconds;                     // per run: ask + tell
  std::optional<SampleSummary> algorithm_cpu_seconds;  // their CPU time, when every run has it
  SampleSummary evaluation_seconds;                    // per run
};

struct ObjectiveReport {
  std::string objective;
  bool minimize = true;
  std::optional<double> optimum;  // when every run knows the same optimum
  // Every run knows its optimum, so regret is reported: against `optimum`, or against each
  // run's own when they differ (a bench over gpsample's seed = -1 meets one function per seed).
  bool regret = false;
  double target = 0.0;
  std::string target_origin;            // "given" or "median final best of all runs"
  std::vector<ReportRow> rows;          // sorted by algorithm, then batch
  std::vector<PairedComparison> pairs;  // run by run, over the seeds both ran
};

// The tables, one per objective label. `targets` maps an objective label (or "*", for
// every objective) to the value "evaluations to reach a target" counts to; `pairing` says which
// paired comparisons to make. Throws Error when `pairing.baseline` names no run's algorithm.
std::vector<ObjectiveReport> build_report(const std::vector<ReportRun>& runs,
                                          const std::map<std::string, double>& targets = {},
                                          const PairingOptions& pairing = {});

// The tables as text: "md" (Markdown, one table per objective), "csv" (one table, one row
// per objective and algorithm) or "json".
std::string format_report(const std::vector<ObjectiveReport>& report, const std::string& format);

// Best-so-far after each evaluation (NaN before the first success), objective's sense.
std::vector<double> best_so_far(const ReportRun& run);

// Σ regret over the successful evaluations so far, after each evaluation (the cumulative
// regret of Srinivas et al. 2010), against the optimum value `optimum`.
std::vector<double> cumulative_regret(const ReportRun& run, double optimum);

}  // namespace bopp::host
