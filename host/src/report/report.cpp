#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_text.hpp>
#include <bopp/host/report/record_text.hpp>
#include <bopp/host/report/report.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

namespace bopp::host {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool reaches(double y, double target, bool minimize) {
  return minimize ? y <= target : y >= target;
}

std::string number(double v) {
  if (!std::isfinite(v)) return "";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

std::string mean_se(const SampleSummary& s) {
  if (s.n == 0) return "–";
  if (s.n < 2) return number(s.mean);
  return number(s.mean) + " ± " + number(s.se);
}

// Shortest text that reads back to the same double, for CSV (made for programs, not eyes).
std::string exact(double v) {
  if (!std::isfinite(v)) return "";
  char buffer[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  return buffer;
}

nlohmann::json json_number(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json sample_json(const SampleSummary& s) {
  return {{"n", s.n},
          {"mean", json_number(s.mean)},
          {"se", json_number(s.se)},
          {"median", json_number(s.median)}};
}

std::string p_value_text(const SignedRankTest& t) {
  if (t.n == 0) return "–";
  return number(t.p_value) + (t.exact ? "" : " (normal)");
}

void format_pairs_markdown(const std::vector<PairedComparison>& pairs, std::ostringstream& out) {
  if (std::any_of(pairs.begin(), pairs.end(), in_best_value_table)) {
    out << "Paired by seed: wins, ties and losses of the first algorithm's best value against the "
           "second's, the median of how much better it is, and the two-sided Wilcoxon "
           "signed-rank p-value.\n\n";
    out << "| first | second | at | pairs | wins | ties | losses | median difference | p |\n";
    out << "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const PairedComparison& p : pairs) {
      if (!in_best_value_table(p)) continue;
      out << "| " << markdown_cell(group_label(p.first, p.first_batch)) << " | "
          << markdown_cell(group_label(p.second, p.second_batch)) << " | "
          << (p.at ? std::to_string(*p.at) : std::string("end")) << " | " << p.pairs << " | "
          << p.wins << " | " << p.ties << " | " << p.losses << " | " << number(p.median_difference)
          << " | " << p_value_text(p.test) << " |\n";
    }
    out << "\n";
  }
  if (std::none_of(pairs.begin(), pairs.end(), in_lower_is_better_table)) return;
  out << "Paired by seed, lower is better: on how many seeds the first algorithm's cumulative "
         "regret and time are lower than, equal to or higher than the second's, their ratio to "
         "the second's (mean ± se and median over the seeds), and the two-sided Wilcoxon "
         "signed-rank p-value of the differences.\n\n";
  out << "| first | second | measure | at | pairs | lower | ties | higher | ratio (mean ± se) | "
         "median ratio | p |\n";
  out << "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const PairedComparison& p : pairs) {
    if (!in_lower_is_better_table(p)) continue;
    out << "| " << markdown_cell(group_label(p.first, p.first_batch)) << " | "
        << markdown_cell(group_label(p.second, p.second_batch)) << " | " << measure_title(p.measure)
        << " | " << (p.at ? std::to_string(*p.at) : std::string("end")) << " | " << p.pairs << " | "
        << p.wins << " | " << p.ties << " | " << p.losses << " | " << mean_se(p.ratio) << " | "
        << number(p.ratio.median) << " | " << p_value_text(p.test) << " |\n";
  }
  out << "\n";
}

nlohmann::json pairs_json(const std::vector<PairedComparison>& pairs) {
  nlohmann::json out = nlohmann::json::array();
  for (const PairedComparison& p : pairs) {
    out.push_back({{"first", p.first},
                   {"first_batch", p.first_batch},
                   {"second", p.second},
                   {"second_batch", p.second_batch},
                   {"measure", measure_key(p.measure)},
                   {"at", p.at ? nlohmann::json(*p.at) : nlohmann::json(nullptr)},
                   {"pairs", p.pairs},
                   {"wins", p.wins},
                   {"ties", p.ties},
                   {"losses", p.losses},
                   {"median_difference", json_number(p.median_difference)},
                   {"ratio", p.measure == PairedMeasure::best_value ? nlohmann::json(nullptr)
                                                                    : sample_json(p.ratio)},
                   {"signed_rank",
                    {{"n", p.test.n},
                     {"w_plus", p.test.w_plus},
                     {"p_value", p.test.p_value},
                     {"exact", p.test.exact}}}});
  }
  return out;
}

std::string format_markdown(const std::vector<ObjectiveReport>& report) {
  std::ostringstream out;
  for (const ObjectiveReport& o : report) {
    out << "## " << markdown_cell(o.objective) << " (" << (o.minimize ? "minimize" : "maximize");
    if (o.optimum) {
      out << ", optimum " << number(*o.optimum);
    } else if (o.regret) {
      out << ", regret against each run's own optimum";
    }
    out << ")\n\n";
    out << "Target " << number(o.target) << " (" << o.target_origin
        << "). Times are seconds per run.\n\n";
    out << "| algorithm | batch | runs | final best (mean ± se) | median |";
    if (o.regret) out << " simple regret (mean ± se) | cumulative regret (mean ± se) |";
    out << " evaluations to target (mean, reached) | algorithm time | algorithm CPU time |"
           " evaluation time |\n";
    out << "|---|---:|---:|---:|---:|";
    if (o.regret) out << "---:|---:|";
    out << "---:|---:|---:|---:|\n";
    for (const ReportRow& r : o.rows) {
      out << "| " << markdown_cell(r.algorithm) << " | " << r.batch << " | " << r.runs << " | "
          << mean_se(r.final_best) << " | " << number(r.final_best.median) << " |";
      if (o.regret) {
        out << " " << (r.simple_regret ? mean_se(*r.simple_regret) : "–") << " | "
            << (r.cumulative_regret ? mean_se(*r.cumulative_regret) : "–") << " |";
      }
      out << " " << (r.reached_target > 0 ? number(r.evaluations_to_target.mean) : "–") << " ("
          << r.reached_target << "/" << r.runs << ") | " << mean_se(r.algorithm_seconds) << " | "
          << (r.algorithm_cpu_seconds ? mean_se(*r.algorithm_cpu_seconds) : "–") << " | "
          << mean_se(r.evaluation_seconds) << " |\n";
    }
    out << "\n";
    format_pairs_markdown(o.pairs, out);
  }
  return out.str();
}

std::string format_csv(const std::vector<ObjectiveReport>& report) {
  std::ostringstream out;
  out << "objective,sense,optimum,target,algorithm,batch,runs,final_best_mean,final_best_se,final_"
         "best_median,"
         "simple_regret_mean,simple_regret_se,cumulative_regret_mean,cumulative_regret_se,"
         "evaluations_to_target_mean,reached_target,algorithm_seconds_mean,evaluation_seconds_"
         "mean,algorithm_cpu_seconds_mean\n";
  for (const ObjectiveReport& o : report) {
    for (const ReportRow& r : o.rows) {
      out << csv_cell(o.objective) << "," << (o.minimize ? "minimize" : "maximize") << ","
          << (o.optimum ? exact(*o.optimum) : "") << "," << exact(o.target) << ","
          << csv_cell(r.algorithm) << "," << r.batch << "," << r.runs << ","
          << exact(r.final_best.mean) << "," << exact(r.final_best.se) << ","
          << exact(r.final_best.median) << ","
          << (r.simple_regret ? exact(r.simple_regret->mean) + "," + exact(r.simple_regret->se)
                              : ",")
          << ","
          << (r.cumulative_regret
                  ? exact(r.cumulative_regret->mean) + "," + exact(r.cumulative_regret->se)
                  : ",")
          << "," << (r.reached_target > 0 ? exact(r.evaluations_to_target.mean) : "") << ","
          << r.reached_target << "," << exact(r.algorithm_seconds.mean) << ","
          << exact(r.evaluation_seconds.mean) << ","
          << (r.algorithm_cpu_seconds ? exact(r.algorithm_cpu_seconds->mean) : "") << "\n";
    }
  }
  return out.str();
}

std::string format_json(const std::vector<ObjectiveReport>& report) {
  nlohmann::json objectives = nlohmann::json::array();
  for (const ObjectiveReport& o : report) {
    nlohmann::json rows = nlohmann::json::array();
    for (const ReportRow& r : o.rows) {
      rows.push_back(
          {{"algorithm", r.algorithm},
           {"batch", r.batch},
           {"runs", r.runs},
           {"final_best", sample_json(r.final_best)},
           {"simple_regret",
            r.simple_regret ? sample_json(*r.simple_regret) : nlohmann::json(nullptr)},
           {"cumulative_regret",
            r.cumulative_regret ? sample_json(*r.cumulative_regret) : nlohmann::json(nullptr)},
           {"reached_target", r.reached_target},
           {"evaluations_to_target", sample_json(r.evaluations_to_target)},
           {"algorithm_seconds", sample_json(r.algorithm_seconds)},
           {"algorithm_cpu_seconds", r.algorithm_cpu_seconds ? sample_json(*r.algorithm_cpu_seconds)
                                                             : nlohmann::json(nullptr)},
           {"evaluation_seconds", sample_json(r.evaluation_seconds)}});
    }
    objectives.push_back(
        {{"objective", o.objective},
         {"sense", o.minimize ? "minimize" : "maximize"},
         {"optimum", o.optimum ? nlohmann::json(*o.optimum) : nlohmann::json(nullptr)},
         {"target", json_number(o.target)},
         {"target_origin", o.target_origin},
         {"rows", rows},
         {"pairs", pairs_json(o.pairs)}});
  }
  return json_text(nlohmann::json{{"objectives", objectives}}, 2) + "\n";
}

}  // namespace

std::vector<double> best_so_far(const ReportRun& run) {
  std::vector<double> out(run.evaluations.size(), kNaN);
  double best = kNaN;
  for (std::size_t i = 0; i < run.evaluations.size(); ++i) {
    const RecordedEvaluation& e = run.evaluations[i];
    if (e.ok && (std::isnan(best) || (run.minimize ? e.y < best : e.y > best))) best = e.y;
    out[i] = best;
  }
  return out;
}

std::vector<double> cumulative_regret(const ReportRun& run, double optimum) {
  std::vector<double> out;
  out.reserve(run.evaluations.size());
  double sum = 0.0;
  for (const RecordedEvaluation& e : run.evaluations) {
    if (e.ok) sum += regret(e.y, optimum, run.minimize);
    out.push_back(sum);
  }
  return out;
}

std::vector<ObjectiveReport> build_report(const std::vector<ReportRun>& runs,
                                          const std::map<std::string, double>& targets,
                                          const PairingOptions& pairing) {
  std::map<std::string, std::vector<const ReportRun*>> by_objective;
  for (const ReportRun& r : runs) by_objective[r.objective].push_back(&r);
  if (!pairing.baseline.empty() && std::none_of(runs.begin(), runs.end(), [&](const ReportRun& r) {
        return r.algorithm == pairing.baseline;
      })) {
    std::set<std::string> labels;
    for (const ReportRun& r : runs) labels.insert(r.algorithm);
    std::string list;
    for (const std::string& l : labels) list += (list.empty() ? "'" : ", '") + l + "'";
    throw Error("--baseline '" + pairing.baseline +
                "' is not the label of any run's algorithm; the labels are " + list);
  }

  std::vector<ObjectiveReport> report;
  for (const auto& [objective, members] : by_objective) {
    ObjectiveReport o;
    o.objective = objective;
    o.minimize = members.front()->minimize;
    o.regret = true;
    bool one_optimum = true;
    for (const ReportRun* r : members) {
      if (r->minimize != o.minimize) {
        throw Error("runs labelled '" + objective + "' disagree on the objective's sense (" +
                    members.front()->folder.string() + ", " + r->folder.string() + ")");
      }
      o.regret = o.regret && r->optimum.has_value();
      one_optimum = one_optimum && r->optimum == members.front()->optimum;
    }
    if (o.regret && one_optimum) o.optimum = members.front()->optimum;
    std::vector<double> finals;
    for (const ReportRun* r : members) {
      const auto curve = best_so_far(*r);
      finals.push_back(curve.empty() ? kNaN : curve.back());
    }
    if (auto t = targets.find(objective); t != targets.end()) {
      o.target = t->second;
      o.target_origin = "given";
    } else if (auto all = targets.find("*"); all != targets.end()) {
      o.target = all->second;
      o.target_origin = "given";
    } else {
      o.target = summarize_sample(finals).median;
      o.target_origin = "the median final best of all runs; --target sets it";
    }

    std::map<std::pair<std::string, std::uint64_t>, std::vector<const ReportRun*>> groups;
    for (const ReportRun* r : members) groups[{r->algorithm, r->batch}].push_back(r);
    for (const auto& [key, group] : groups) {
      ReportRow row;
      row.algorithm = key.first;
      row.batch = key.second;
      row.runs = group.size();
      std::vector<double> final_best, simple, cumulative, to_target, alg_s, alg_cpu, eval_s;
      for (const ReportRun* r : group) {
        const auto curve = best_so_far(*r);
        const double final_value = curve.empty() ? kNaN : curve.back();
        final_best.push_back(final_value);
        if (o.regret) {
          simple.push_back(regret(final_value, *r->optimum, o.minimize));
          const std::vector<double> sums = cumulative_regret(*r, *r->optimum);
          cumulative.push_back(sums.empty() ? 0.0 : sums.back());
        }
        for (std::size_t i = 0; i < r->evaluations.size(); ++i) {
          const RecordedEvaluation& e = r->evaluations[i];
          if (e.ok && reaches(e.y, o.target, o.minimize)) {
            to_target.push_back(static_cast<double>(i + 1));
            break;
          }
        }
        alg_s.push_back(r->algorithm_seconds);
        alg_cpu.push_back(r->algorithm_cpu_seconds);
        eval_s.push_back(r->evaluation_seconds);
      }
      row.final_best = summarize_sample(final_best);
      if (o.regret) {
        row.simple_regret = summarize_sample(simple);
        row.cumulative_regret = summarize_sample(cumulative);
      }
      row.reached_target = to_target.size();
      row.evaluations_to_target = summarize_sample(to_target);
      row.algorithm_seconds = summarize_sample(alg_s);
      if (std::none_of(alg_cpu.begin(), alg_cpu.end(), [](double s) { return std::isnan(s); }))
        row.algorithm_cpu_seconds = summarize_sample(alg_cpu);
      row.evaluation_seconds = summarize_sample(eval_s);
      o.rows.push_back(std::move(row));
    }
    o.pairs = paired_comparisons(members, o.minimize, pairing);
    report.push_back(std::move(o));
  }
  return report;
}

std::string format_report(const std::vector<ObjectiveReport>& report, const std::string& format) {
  if (format == "md") return format_markdown(report);
  if (format == "csv") return format_csv(report);
  if (format == "json") return format_json(report);
  throw Error("unknown report format '" + format + "'; formats: md, csv, json");
}

}  // namespace bopp::host
