#include <bopp/host/report/paired_comparison.hpp>
#include <bopp/host/report/report.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace bopp::host {
namespace {

using GroupKey = std::pair<std::string, std::uint64_t>;  // algorithm, batch
// Each run's best value so far after each evaluation (best_so_far), by seed: made once per run,
// read at every budget of every pair.
using Group = std::map<std::uint64_t, std::vector<double>>;

// The best value a run had found after `at` evaluations (its last when nullopt), from its
// curve; nullopt when the run is shorter than that. NaN when nothing had succeeded yet.
std::optional<double> best_at(const std::vector<double>& curve, std::optional<std::uint64_t> at) {
  if (!at) return curve.empty() ? std::numeric_limits<double>::quiet_NaN() : curve.back();
  if (*at == 0 || curve.size() < *at) return std::nullopt;
  return curve[*at - 1];
}

PairedComparison compare(const GroupKey& first, const Group& a, const GroupKey& second,
                         const Group& b, bool minimize, std::optional<std::uint64_t> at) {
  PairedComparison c{.first = first.first,
                     .first_batch = first.second,
                     .second = second.first,
                     .second_batch = second.second,
                     .at = at,
                     .pairs = 0,
                     .wins = 0,
                     .ties = 0,
                     .losses = 0,
                     .median_difference = 0.0,
                     .test = {}};
  std::vector<double> differences;
  for (const auto& [seed, curve] : a) {
    const auto other = b.find(seed);
    if (other == b.end()) continue;
    const std::optional<double> x = best_at(curve, at), y = best_at(other->second, at);
    if (!x || !y || std::isnan(*x) || std::isnan(*y)) continue;
    const double difference = minimize ? *y - *x : *x - *y;
    differences.push_back(difference);
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
  c.test = signed_rank_test(differences);
  return c;
}

}  // namespace

std::vector<PairedComparison> paired_comparisons(const std::vector<const ReportRun*>& runs,
                                                 bool minimize, const PairingOptions& options) {
  std::map<GroupKey, Group> groups;
  for (const ReportRun* r : runs) {
    Group& group = groups[{r->algorithm, r->batch}];
    if (!group.contains(r->seed)) group.emplace(r->seed, best_so_far(*r));
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
      for (const auto& at : budgets)
        out.push_back(compare(i->first, i->second, j->first, j->second, minimize, at));
    }
  }
  return out;
}

}  // namespace bopp::host
