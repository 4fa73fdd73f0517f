#include <bopp/host/report/paired_comparison.hpp>
#include <bopp/host/report/report.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace bopp::host {
namespace {

using GroupKey = std::pair<std::string, std::uint64_t>;  // algorithm, batch

// What the comparisons read of one run, made once and read at every budget of every pair.
struct RunCurves {
  std::vector<double> best;    // best value so far after each evaluation (NaN before a success)
  std::vector<double> regret;  // cumulative regret after each evaluation; empty when unknown
  double algorithm_seconds = 0.0;
  double algorithm_cpu_seconds = 0.0;  // NaN when unknown
};
using Group = std::map<std::uint64_t, RunCurves>;  // by seed

// A curve's value after `at` evaluations (its last when nullopt); nullopt when the run is
// shorter than that. NaN for an empty run's end.
std::optional<double> value_at(const std::vector<double>& curve, std::optional<std::uint64_t> at) {
  if (!at) return curve.empty() ? std::numeric_limits<double>::quiet_NaN() : curve.back();
  if (*at == 0 || curve.size() < *at) return std::nullopt;
  return curve[*at - 1];
}

// One run's measure after `at` evaluations, as value_at.
std::optional<double> measure_at(const RunCurves& run, PairedMeasure measure,
                                 std::optional<std::uint64_t> at) {
  switch (measure) {
    case PairedMeasure::best_value:
      return value_at(run.best, at);
    case PairedMeasure::cumulative_regret:
      return value_at(run.regret, at);
    case PairedMeasure::algorithm_seconds:
      return run.algorithm_seconds;
    case PairedMeasure::algorithm_cpu_seconds:
      return run.algorithm_cpu_seconds;
  }
  return std::nullopt;
}

PairedComparison compare(const GroupKey& first, const Group& a, const GroupKey& second,
                         const Group& b, bool minimize, PairedMeasure measure,
                         std::optional<std::uint64_t> at) {
  PairedComparison c{.first = first.first,
                     .first_batch = first.second,
                     .second = second.first,
                     .second_batch = second.second,
                     .measure = measure,
                     .at = at,
                     .pairs = 0,
                     .wins = 0,
                     .ties = 0,
                     .losses = 0,
                     .median_difference = 0.0,
                     .ratio = {},
                     .test = {}};
  // Regret and time are lower-is-better whatever the objective's sense.
  const bool lower_is_better = measure != PairedMeasure::best_value || minimize;
  std::vector<double> differences, ratios;
  for (const auto& [seed, run] : a) {
    const auto other = b.find(seed);
    if (other == b.end()) continue;
    const std::optional<double> x = measure_at(run, measure, at),
                                y = measure_at(other->second, measure, at);
    if (!x || !y || std::isnan(*x) || std::isnan(*y)) continue;
    const double difference = lower_is_better ? *y - *x : *x - *y;
    differences.push_back(difference);
    if (measure != PairedMeasure::best_value && *y > 0.0) ratios.push_back(*x / *y);
    ++c.pairs;
    if (difference > 0.0) {
      ++c.wins;
    } else if (difference < 0.0) {
      ++c.losses;
    } else {
      ++c.ties;
    }
  }
  c.median_difference = summarize_sample(differences).median;
  c.ratio = summarize_sample(ratios);
  c.test = signed_rank_test(differences);
  return c;
}

}  // namespace

std::string_view measure_title(PairedMeasure measure) {
  switch (measure) {
    case PairedMeasure::best_value:
      return "best value";
    case PairedMeasure::cumulative_regret:
      return "cumulative regret";
    case PairedMeasure::algorithm_seconds:
      return "algorithm time";
    case PairedMeasure::algorithm_cpu_seconds:
      return "algorithm CPU time";
  }
  return "";
}

std::string group_label(const std::string& algorithm, std::uint64_t batch) {
  return batch > 1 ? algorithm + " (batch " + std::to_string(batch) + ")" : algorithm;
}

bool in_best_value_table(const PairedComparison& p) {
  return p.measure == PairedMeasure::best_value && p.pairs > 0;
}

bool in_lower_is_better_table(const PairedComparison& p) {
  return p.measure != PairedMeasure::best_value && p.pairs > 0;
}

std::string_view measure_key(PairedMeasure measure) {
  switch (measure) {
    case PairedMeasure::best_value:
      return "best_value";
    case PairedMeasure::cumulative_regret:
      return "cumulative_regret";
    case PairedMeasure::algorithm_seconds:
      return "algorithm_seconds";
    case PairedMeasure::algorithm_cpu_seconds:
      return "algorithm_cpu_seconds";
  }
  return "";
}

std::vector<PairedComparison> paired_comparisons(const std::vector<const ReportRun*>& runs,
                                                 bool minimize, const PairingOptions& options) {
  const bool regret = !runs.empty() && std::all_of(runs.begin(), runs.end(), [](const auto* r) {
    return r->optimum.has_value();
  });
  // Compared where some run has it: a pair of seeds without it is left out, as a failed run is.
  const bool cpu_times = std::any_of(runs.begin(), runs.end(), [](const auto* r) {
    return !std::isnan(r->algorithm_cpu_seconds);
  });
  std::map<GroupKey, Group> groups;
  for (const ReportRun* r : runs) {
    Group& group = groups[{r->algorithm, r->batch}];
    if (group.contains(r->seed)) continue;
    group.emplace(r->seed, RunCurves{.best = best_so_far(*r),
                                     .regret = regret ? cumulative_regret(*r, *r->optimum)
                                                      : std::vector<double>{},
                                     .algorithm_seconds = r->algorithm_seconds,
                                     .algorithm_cpu_seconds = r->algorithm_cpu_seconds});
  }
  std::vector<std::optional<std::uint64_t>> budgets{std::nullopt};
  for (const std::uint64_t at : options.at) budgets.emplace_back(at);

  std::vector<PairedComparison> out;
  for (auto i = groups.begin(); i != groups.end(); ++i) {
    for (auto j = groups.begin(); j != groups.end(); ++j) {
      const bool wanted =
          options.baseline.empty()
              ? std::distance(groups.begin(), i) < std::distance(groups.begin(), j)
              : i->first.first != options.baseline && j->first.first == options.baseline;
      if (!wanted) continue;
      const auto add = [&](PairedMeasure measure, std::optional<std::uint64_t> at) {
        out.push_back(compare(i->first, i->second, j->first, j->second, minimize, measure, at));
      };
      for (const auto& at : budgets) add(PairedMeasure::best_value, at);
      if (regret) {
        for (const auto& at : budgets) add(PairedMeasure::cumulative_regret, at);
      }
      add(PairedMeasure::algorithm_seconds, std::nullopt);
      if (cpu_times) add(PairedMeasure::algorithm_cpu_seconds, std::nullopt);
    }
  }
  return out;
}

}  // namespace bopp::host
