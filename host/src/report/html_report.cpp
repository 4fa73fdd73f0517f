#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/report/html_report.hpp>
#include <bopp/host/report/html_text.hpp>
#include <bopp/host/report/label_colours.hpp>
#include <bopp/host/report/report_figures.hpp>
#include <bopp/host/report/svg_plot.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace bopp::host {
namespace {

// The page's own style: fixed text, never a record's.
constexpr const char* kStyle = R"(body{font-family:sans-serif;margin:1.5em auto;max-width:1340px;
color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc}
h3{font-size:1.05em}
table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em}.wide{overflow-x:auto}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}
th{background:#f3f3f3}td{white-space:nowrap}td.text,th.text{text-align:left}
.progress{padding:.5em 1em;border-left:4px solid #1f77b4;background:#eef4fa}
.progress.ended{border-color:#2ca02c;background:#eef7ee}
.notes{color:#8c564b}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4em 1.5em}
.swatch{display:inline-block;width:1.6em;height:.35em;margin-right:.4em;vertical-align:middle}
.plots{display:flex;flex-wrap:wrap;gap:.5em}
svg.plot{font-size:11px;font-family:sans-serif}
svg.plot .plot-title{font-size:11px;font-weight:bold}
code,pre{font-family:monospace}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}
)";

// A value in a table cell: 4 significant digits, "–" when there is none.
std::string cell_value(double v) {
  if (!std::isfinite(v)) return "–";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

std::string cell_summary(const SampleSummary& s) {
  if (s.n == 0) return "–";
  if (s.n < 2 || !std::isfinite(s.se)) return cell_value(s.mean);
  return cell_value(s.mean) + " ± " + cell_value(s.se);
}

std::string text_cell(const std::string& text) {
  return "<td class=\"text\">" + html_escape(text) + "</td>";
}

std::string cell(const std::string& text) { return "<td>" + html_escape(text) + "</td>"; }

void write_progress(const BenchProgress& p, int refresh_seconds, std::ostringstream& out) {
  out << "<p class=\"progress" << (p.ended() ? " ended" : "") << "\" id=\"progress\">";
  if (p.ended() && p.left() == 0) {
    out << "Bench complete: " << p.done() << " of " << p.total() << " runs done";
  } else if (p.ended()) {
    out << "Bench stopped: " << p.done() << " of " << p.total() << " runs done, " << p.left()
        << " left (run the bench again to finish them)";
  } else {
    out << "Bench running: <span id=\"done\">" << p.done() << "</span> of " << p.total()
        << " runs done, <span id=\"running\">" << p.running << "</span> running, <span "
        << "id=\"left\">" << p.left() << "</span> left. This page reloads every " << refresh_seconds
        << " s";
  }
  out << " (" << p.failed << " failed).</p>\n";
}

void write_rows(const ObjectiveReport& o, std::ostringstream& out) {
  out << "<div class=\"wide\"><table class=\"runs\">\n<tr><th "
         "class=\"text\">algorithm</th><th>batch</th><th>runs</th>"
         "<th>final best (mean ± se)</th><th>median</th>";
  if (o.regret) out << "<th>simple regret (mean ± se)</th><th>cumulative regret (mean ± se)</th>";
  out << "<th>evaluations to target (mean, reached)</th><th>algorithm time (s)</th>"
         "<th>algorithm CPU time (s)</th><th>evaluation time (s)</th></tr>\n";
  for (const ReportRow& r : o.rows) {
    out << "<tr>" << text_cell(r.algorithm) << cell(std::to_string(r.batch))
        << cell(std::to_string(r.runs)) << cell(cell_summary(r.final_best))
        << cell(cell_value(r.final_best.median));
    if (o.regret) {
      out << cell(r.simple_regret ? cell_summary(*r.simple_regret) : "–")
          << cell(r.cumulative_regret ? cell_summary(*r.cumulative_regret) : "–");
    }
    out << cell((r.reached_target > 0 ? cell_value(r.evaluations_to_target.mean) : "–") + " (" +
                std::to_string(r.reached_target) + "/" + std::to_string(r.runs) + ")")
        << cell(cell_summary(r.algorithm_seconds))
        << cell(r.algorithm_cpu_seconds ? cell_summary(*r.algorithm_cpu_seconds) : "–")
        << cell(cell_summary(r.evaluation_seconds)) << "</tr>\n";
  }
  out << "</table></div>\n";
}

std::string p_value_cell(const SignedRankTest& test) {
  return cell(test.n == 0 ? "–" : cell_value(test.p_value) + (test.exact ? "" : " (normal)"));
}

void write_pairs(const std::vector<PairedComparison>& pairs, std::ostringstream& out) {
  const bool any_best = std::any_of(pairs.begin(), pairs.end(), in_best_value_table);
  const bool any_lower = std::any_of(pairs.begin(), pairs.end(), in_lower_is_better_table);
  if (!any_best && !any_lower) return;
  out << "<h3>Paired by seed</h3>\n";
  if (any_best) {
    out << "<p>Wins, ties and losses of the first algorithm's best value against the second's "
           "over the seeds both ran, the median of how much better it is, and the two-sided "
           "Wilcoxon signed-rank p-value (exact, or from the normal approximation where "
           "marked).</p>\n"
           "<table class=\"pairs\">\n<tr><th class=\"text\">first</th><th class=\"text\">second"
           "</th><th>at</th><th>pairs</th><th>wins</th><th>ties</th><th>losses</th>"
           "<th>median difference</th><th>p</th></tr>\n";
    for (const PairedComparison& p : pairs) {
      if (!in_best_value_table(p)) continue;
      out << "<tr>" << text_cell(group_label(p.first, p.first_batch))
          << text_cell(group_label(p.second, p.second_batch))
          << cell(p.at ? std::to_string(*p.at) : "end") << cell(std::to_string(p.pairs))
          << cell(std::to_string(p.wins)) << cell(std::to_string(p.ties))
          << cell(std::to_string(p.losses)) << cell(cell_value(p.median_difference))
          << p_value_cell(p.test) << "</tr>\n";
    }
    out << "</table>\n";
  }
  if (!any_lower) return;
  out << "<p>Lower is better: on how many seeds the first algorithm's cumulative regret and time "
         "are lower than, equal to or higher than the second's, their ratio to the second's "
         "(mean ± standard error and median over the seeds), and the p-value of the "
         "differences.</p>\n"
         "<table class=\"pairs\">\n<tr><th class=\"text\">first</th><th class=\"text\">second"
         "</th><th class=\"text\">measure</th><th>at</th><th>pairs</th><th>lower</th><th>ties</th>"
         "<th>higher</th><th>ratio</th><th>median ratio</th><th>p</th></tr>\n";
  for (const PairedComparison& p : pairs) {
    if (!in_lower_is_better_table(p)) continue;
    out << "<tr>" << text_cell(group_label(p.first, p.first_batch))
        << text_cell(group_label(p.second, p.second_batch))
        << text_cell(std::string(measure_title(p.measure)))
        << cell(p.at ? std::to_string(*p.at) : "end") << cell(std::to_string(p.pairs))
        << cell(std::to_string(p.wins)) << cell(std::to_string(p.ties))
        << cell(std::to_string(p.losses)) << cell(cell_summary(p.ratio))
        << cell(cell_value(p.ratio.median)) << p_value_cell(p.test) << "</tr>\n";
  }
  out << "</table>\n";
}

void write_objective(const ObjectiveReport& o, const std::vector<Figure>& figures,
                     const std::map<std::string, std::string>& colours, std::ostringstream& out) {
  out << "<section class=\"objective\">\n<h2>" << html_escape(o.objective) << " ("
      << (o.minimize ? "minimize" : "maximize");
  if (o.optimum) {
    out << ", optimum " << html_escape(cell_value(*o.optimum));
  } else if (o.regret) {
    out << ", regret against each run's own optimum";
  }
  out << ")</h2>\n<p>Target " << html_escape(cell_value(o.target)) << " ("
      << html_escape(o.target_origin) << "). Times are seconds per run.</p>\n";
  write_rows(o, out);
  write_pairs(o.pairs, out);
  std::set<std::string> labels;
  for (const Figure& f : figures) {
    for (const Curve& c : f.curves) labels.insert(c.label);
  }
  out << "<ul class=\"legend\">";
  for (const std::string& l : labels) {
    // The colour comes from the fixed palette, never from the record.
    out << "<li><span class=\"swatch\" style=\"background:" << colours.at(l) << "\"></span>"
        << html_escape(l) << "</li>";
  }
  out << "</ul>\n<div class=\"plots\">\n";
  for (const Figure& f : figures) out << svg_plot(f, colours);
  out << "</div>\n</section>\n";
}

void write_provenance(const std::vector<ReportRun>& runs, const HtmlPage& page,
                      std::ostringstream& out) {
  std::map<std::string, std::size_t> versions;
  using Key =
      std::tuple<std::string, std::string, std::string, std::string, std::string, std::string>;
  std::map<Key, std::size_t> plugins;
  for (const ReportRun& r : runs) {
    ++versions[r.bopp_version.empty() ? "unknown" : r.bopp_version];
    for (const auto& [role, p] :
         {std::pair{"objective", &r.objective_plugin}, std::pair{"algorithm", &r.algorithm_plugin}})
      ++plugins[{role, p->name, p->version, p->library, p->library_version, p->library_sha1}];
  }
  out << "<section class=\"provenance\">\n<h2>Provenance</h2>\n<p>" << runs.size()
      << " completed runs, recorded by bopp ";
  bool first = true;
  for (const auto& [version, count] : versions) {
    out << (first ? "" : ", ") << html_escape(version) << " (" << count << " runs)";
    first = false;
  }
  out << ". This page was written by bopp " << BOPP_VERSION << ".</p>\n"
      << "<table class=\"plugins\">\n<tr><th class=\"text\">role</th><th class=\"text\">plugin"
         "</th><th class=\"text\">version</th><th class=\"text\">library</th><th "
         "class=\"text\">library version</th><th class=\"text\">library SHA-1</th><th>runs</th>"
         "</tr>\n";
  for (const auto& [key, count] : plugins) {
    const auto& [role, name, version, library, library_version, sha1] = key;
    out << "<tr>" << text_cell(role) << text_cell(name) << text_cell(version) << text_cell(library)
        << text_cell(library_version) << "<td class=\"text\"><code>" << html_escape(sha1)
        << "</code></td>" << cell(std::to_string(count)) << "</tr>\n";
  }
  out << "</table>\n";
  for (const GridText& g : page.grids) {
    out << "<details><summary>The grid: " << html_escape(g.source) << "</summary>\n<pre>"
        << html_escape_block(g.text) << "</pre></details>\n";
  }
  out << "</section>\n";
}

}  // namespace

std::string html_report(const std::vector<ReportRun>& runs,
                        const std::vector<ObjectiveReport>& report, const HtmlPage& page) {
  std::map<std::string, std::vector<const ReportRun*>> by_objective;
  for (const ReportRun& r : runs) by_objective[r.objective].push_back(&r);
  std::map<std::string, std::vector<Figure>> figures;
  std::set<std::string> labels;
  for (const auto& [objective, members] : by_objective) {
    figures[objective] = report_figures(objective, "", members);
    for (const Figure& f : figures[objective]) {
      for (const Curve& c : f.curves) labels.insert(c.label);
    }
  }
  const std::map<std::string, std::string> colours = label_colours(labels);

  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      // No script, no request: whatever a record holds, the page cannot run or fetch anything.
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'\">\n";
  const bool live = page.progress && !page.progress->ended();
  if (live) out << "<meta http-equiv=\"refresh\" content=\"" << page.refresh_seconds << "\">\n";
  out << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>bopp report</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
      << "<h1>bopp report</h1>\n";
  if (page.progress) write_progress(*page.progress, page.refresh_seconds, out);
  if (!page.notes.empty()) {
    out << "<ul class=\"notes\">\n";
    for (const std::string& n : page.notes) out << "<li>" << html_escape(n) << "</li>\n";
    out << "</ul>\n";
  }
  if (report.empty()) out << "<p>No run has completed yet.</p>\n";
  for (const ObjectiveReport& o : report) write_objective(o, figures[o.objective], colours, out);
  write_provenance(runs, page, out);
  out << "</body>\n</html>\n";
  return out.str();
}

std::vector<GridText> bench_grids(const std::vector<std::filesystem::path>& folders) {
  std::vector<GridText> grids;
  for (const std::filesystem::path& folder : folders) {
    try {
      const std::filesystem::path file = folder / "grid.toml";
      if (auto text = read_folder_file(file, kMaxInputFileBytes))
        grids.push_back({file.string(), std::move(*text)});
    } catch (const Error&) {
      // A grid.toml that is a link or no regular file is not shown: the runs still are.
    }
  }
  return grids;
}

}  // namespace bopp::host
