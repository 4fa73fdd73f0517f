#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_figures.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>

namespace bopp::host {
namespace {

// The plotted value of a run after each evaluation: simple regret against its own optimum
// when the figure plots regret (every run of it knows its optimum, on a log axis), otherwise
// the best value so far.
std::vector<double> plotted(const ReportRun& run, bool regret_axis) {
  std::vector<double> v = best_so_far(run);
  if (regret_axis && run.optimum) {
    for (double& y : v) y = regret(y, *run.optimum, run.minimize);
  }
  return v;
}

CurvePoint point_at(double x, const std::vector<double>& values, bool log_y) {
  const SampleSummary s = summarize_sample(values);
  const double se = std::isfinite(s.se) ? s.se : 0.0;
  double lower = s.mean - se;
  // On a log axis the band is clipped at a tenth of the mean, not dropped.
  if (log_y && lower <= 0.0 && s.mean > 0.0) lower = s.mean / 10.0;
  return {x, s.mean, se, lower, s.mean + se, s.n};
}

// The mean curve of several runs' series: at step k (1-based), the runs that have a finite
// k-th value.
Curve mean_curve(const std::string& label, const std::vector<std::vector<double>>& series,
                 bool log_y) {
  Curve c{label, {}};
  std::size_t longest = 0;
  for (const auto& v : series) longest = std::max(longest, v.size());
  for (std::size_t k = 0; k < longest; ++k) {
    std::vector<double> at;
    for (const auto& v : series) {
      if (k < v.size() && std::isfinite(v[k])) at.push_back(v[k]);
    }
    if (!at.empty()) c.points.push_back(point_at(static_cast<double>(k + 1), at, log_y));
  }
  return c;
}

// Mean against the evaluation count: runs that have the k-th evaluation.
Curve by_evaluations(const std::string& label, const std::vector<const ReportRun*>& group,
                     bool log_y) {
  std::vector<std::vector<double>> series;
  for (const ReportRun* r : group) series.push_back(plotted(*r, log_y));
  return mean_curve(label, series, log_y);
}

// Mean against the batches asked: the value after the last evaluation of each batch.
Curve by_batches(const std::string& label, const std::vector<const ReportRun*>& group, bool log_y) {
  std::vector<std::vector<double>> series;
  for (const ReportRun* r : group) {
    const std::vector<double> v = plotted(*r, log_y);
    std::vector<double> per_batch;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const bool last_of_batch =
          i + 1 == v.size() || r->evaluations[i + 1].batch != r->evaluations[i].batch;
      if (last_of_batch) per_batch.push_back(v[i]);
    }
    series.push_back(std::move(per_batch));
  }
  return mean_curve(label, series, log_y);
}

// Seconds spent by the end of each evaluation: every earlier round's ask, evaluations and
// tell, then this batch's ask (batches.jsonl) and its evaluations so far.
std::vector<double> elapsed(const ReportRun& run) {
  std::vector<double> t;
  double clock = 0.0;
  auto round_time = [&](std::uint64_t batch, auto part) {
    return batch < run.batches.size() ? run.batches[batch].*part : 0.0;
  };
  for (std::size_t i = 0; i < run.evaluations.size(); ++i) {
    const RecordedEvaluation& e = run.evaluations[i];
    if (i == 0 || e.batch != run.evaluations[i - 1].batch) {
      if (i > 0) clock += round_time(run.evaluations[i - 1].batch, &BatchTiming::tell_seconds);
      clock += round_time(e.batch, &BatchTiming::ask_seconds);
    }
    clock += e.seconds;
    t.push_back(clock);
  }
  return t;
}

// The algorithm's own seconds (every ask and tell, no evaluation) by the end of each
// evaluation: a batch's ask counts from its first evaluation, its tell from its last.
std::vector<double> algorithm_seconds(const ReportRun& run) {
  std::vector<double> t;
  double clock = 0.0;
  for (std::size_t i = 0; i < run.evaluations.size(); ++i) {
    const std::uint64_t batch = run.evaluations[i].batch;
    const bool known = batch < run.batches.size();
    if (known && (i == 0 || batch != run.evaluations[i - 1].batch))
      clock += run.batches[batch].ask_seconds;
    if (known && (i + 1 == run.evaluations.size() || run.evaluations[i + 1].batch != batch))
      clock += run.batches[batch].tell_seconds;
    t.push_back(clock);
  }
  return t;
}

// Mean of a per-evaluation series against the evaluation count.
template <typename Series>
Curve by_evaluations_of(const std::string& label, const std::vector<const ReportRun*>& group,
                        Series series_of) {
  std::vector<std::vector<double>> series;
  for (const ReportRun* r : group) series.push_back(series_of(*r));
  return mean_curve(label, series, false);
}

// Mean against wall time, on a log-spaced grid: where every run of the group has begun,
// until the last of them ended (a finished run keeps its final value).
Curve by_time(const std::string& label, const std::vector<const ReportRun*>& group, double t_min,
              double t_max, bool log_y) {
  Curve c{label, {}};
  std::vector<std::vector<double>> values, times;
  double group_end = 0.0;
  for (const ReportRun* r : group) {
    values.push_back(plotted(*r, log_y));
    times.push_back(elapsed(*r));
    if (!times.back().empty()) group_end = std::max(group_end, times.back().back());
  }
  constexpr int kSteps = 120;
  for (int s = 0; s <= kSteps; ++s) {
    const double t = t_min * std::pow(t_max / t_min, static_cast<double>(s) / kSteps);
    if (t > group_end * (1 + 1e-12)) break;
    std::vector<double> at;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const auto it = std::upper_bound(times[i].begin(), times[i].end(), t);
      if (it == times[i].begin()) continue;
      at.push_back(values[i][static_cast<std::size_t>(it - times[i].begin()) - 1]);
    }
    if (at.size() == group.size()) {
      const SampleSummary finite = summarize_sample(at);
      if (finite.n == at.size()) c.points.push_back(point_at(t, at, log_y));
    }
  }
  return c;
}

}  // namespace

std::vector<Figure> report_figures(const std::string& objective, const std::string& stem,
                                   const std::vector<const ReportRun*>& runs) {
  // Regret when every run knows its optimum (each against its own: they may differ).
  const bool regret_axis = std::all_of(runs.begin(), runs.end(),
                                       [](const ReportRun* r) { return r->optimum.has_value(); });
  const std::string quantity = regret_axis ? "simple regret" : "best value so far";
  std::set<std::uint64_t> batches;
  std::map<std::string, std::set<std::uint64_t>> batches_of;
  for (const ReportRun* r : runs) {
    batches.insert(r->batch);
    batches_of[r->algorithm].insert(r->batch);
  }
  const bool batch_varies = std::any_of(batches_of.begin(), batches_of.end(),
                                        [](const auto& a) { return a.second.size() > 1; });

  std::map<std::pair<std::string, std::uint64_t>, std::vector<const ReportRun*>> groups;
  for (const ReportRun* r : runs) groups[{r->algorithm, r->batch}].push_back(r);
  auto label_of = [&](const std::pair<std::string, std::uint64_t>& key) {
    return batches.size() > 1 ? key.first + " (batch " + std::to_string(key.second) + ")"
                              : key.first;
  };

  double t_min = std::numeric_limits<double>::infinity(), t_max = 0.0;
  for (const ReportRun* r : runs) {
    const auto t = elapsed(*r);
    if (t.empty()) continue;
    t_min = std::min(t_min, std::max(t.front(), 1e-7));
    t_max = std::max(t_max, t.back());
  }
  if (!(t_max > t_min)) t_max = t_min * 10;

  const std::string band = " (mean ± standard error over runs)";
  Figure evaluations{stem + "-evaluations",
                     objective + ": " + quantity + " against evaluations" + band,
                     "evaluations",
                     quantity,
                     false,
                     regret_axis,
                     {}};
  Figure time{stem + "-time",
              objective + ": " + quantity + " against wall time" + band,
              "seconds (ask, evaluate, tell)",
              quantity,
              true,
              regret_axis,
              {}};
  Figure per_batch{stem + "-batches",
                   objective + ": " + quantity + " against batches" + band,
                   "batches asked",
                   quantity,
                   false,
                   regret_axis,
                   {}};
  Figure cumulative{stem + "-cumulative-regret",
                    objective + ": cumulative regret against evaluations" + band,
                    "evaluations",
                    "cumulative regret (sum over successful evaluations)",
                    false,
                    false,
                    {}};
  Figure algorithm_time{stem + "-algorithm-time",
                        objective + ": the algorithm's cumulative time" + band,
                        "evaluations",
                        "seconds in ask and tell (evaluations excluded)",
                        false,
                        false,
                        {}};
  for (const auto& [key, group] : groups) {
    evaluations.curves.push_back(by_evaluations(label_of(key), group, regret_axis));
    time.curves.push_back(by_time(label_of(key), group, t_min, t_max, regret_axis));
    per_batch.curves.push_back(by_batches(label_of(key), group, regret_axis));
    if (regret_axis)
      cumulative.curves.push_back(by_evaluations_of(label_of(key), group, [](const ReportRun& r) {
        return cumulative_regret(r, *r.optimum);
      }));
    algorithm_time.curves.push_back(by_evaluations_of(label_of(key), group, algorithm_seconds));
  }
  std::vector<Figure> out{std::move(evaluations), std::move(time)};
  if (batch_varies) out.push_back(std::move(per_batch));
  if (regret_axis) out.push_back(std::move(cumulative));
  out.push_back(std::move(algorithm_time));
  return out;
}

}  // namespace bopp::host
