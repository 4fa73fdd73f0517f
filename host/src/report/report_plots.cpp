#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/report/record_text.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

struct CurvePoint {
  double x, mean, se, lower, upper;
  std::size_t n;
};

struct Curve {
  std::string label;
  std::vector<CurvePoint> points;
};

// One plot of one objective: its curves and how to draw them.
struct Figure {
  std::string name;  // file stem
  std::string title;
  std::string xlabel;
  std::string ylabel;
  bool log_x = false;
  bool log_y = false;
  std::vector<Curve> curves;
};

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

// A value of a plot's data file: 9 significant digits, so the plotted curve is the recorded one.
std::string data_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

fs::path write_data(const Figure& f, const fs::path& folder) {
  const fs::path file = folder / (f.name + ".dat");
  std::ostringstream out;
  out << "# bopp report: " << one_line(f.title) << "\n"
      << "# one block per line drawn (gnuplot: index N); columns: " << f.xlabel
      << " | mean | standard error | band lower | band upper | runs\n";
  for (std::size_t i = 0; i < f.curves.size(); ++i) {
    out << (i ? "\n\n" : "\n") << "# " << i << ": " << one_line(f.curves[i].label) << "\n";
    if (f.curves[i].points.empty()) out << "NaN NaN NaN NaN NaN 0\n";  // keeps the block numbering
    for (const CurvePoint& p : f.curves[i].points) {
      out << data_number(p.x) << " " << data_number(p.mean) << " " << data_number(p.se) << " "
          << data_number(p.lower) << " " << data_number(p.upper) << " " << p.n << "\n";
    }
  }
  write_file_atomically(file, out.str(), false);  // a link there is replaced, not followed
  return file;
}

fs::path write_script(const Figure& f, const fs::path& folder, const std::string& format) {
  const fs::path file = folder / (f.name + ".gp");
  const std::string data = gnuplot_literal(f.name + ".dat");
  std::ostringstream out;
  // Record strings appear only as gnuplot_literal()s: a comment could be continued onto the
  // next line by a trailing backslash.
  out << "# bopp report. Run in this folder: gnuplot " << f.name << ".gp\n";
  if (format == "svg") {
    out << "set terminal svg size 1000,640 dynamic noenhanced font 'sans,12'\n";
  } else {
    out << "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
           "  set terminal pngcairo size 1000,640 noenhanced font 'sans,11'\n"
           "} else {\n"
           "  set terminal png size 1000,640 noenhanced truecolor\n"
           "}\n";
  }
  out << "set output " << gnuplot_literal(f.name + "." + format) << "\n"
      << "set title " << gnuplot_literal(f.title) << "\n"
      << "set xlabel " << gnuplot_literal(f.xlabel) << "\n"
      << "set ylabel " << gnuplot_literal(f.ylabel) << "\n"
      << (f.log_x ? "set logscale x\nset format x '%g'\n" : "")
      << (f.log_y ? "set logscale y\nset format y '%g'\n" : "")
      << "set grid\nset key outside right top\nset style fill transparent solid 0.2 noborder\n";
  std::vector<std::string> layers;
  for (std::size_t i = 0; i < f.curves.size(); ++i) {
    if (f.curves[i].points.empty()) continue;
    const std::string colour = gnuplot_literal(kColours[i % std::size(kColours)]);
    layers.push_back(data + " index " + std::to_string(i) +
                     " using 1:4:5 with filledcurves lc rgb " + colour + " notitle");
  }
  for (std::size_t i = 0; i < f.curves.size(); ++i) {
    if (f.curves[i].points.empty()) continue;
    const std::string colour = gnuplot_literal(kColours[i % std::size(kColours)]);
    layers.push_back(data + " index " + std::to_string(i) + " using 1:2 with lines lw 2 lc rgb " +
                     colour + " title " + gnuplot_literal(f.curves[i].label));
  }
  out << "plot ";
  for (std::size_t i = 0; i < layers.size(); ++i) out << (i ? ", \\\n     " : "") << layers[i];
  out << "\n";
  write_file_atomically(file, out.str(), false);  // a link there is replaced, not followed
  return file;
}

fs::path find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "");
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (folder.empty()) continue;
    const fs::path candidate = fs::path(folder) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

// `stem` names the figure's files.
std::vector<Figure> figures_of(const std::string& objective, const std::string& stem,
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

}  // namespace

PlotFiles write_plots(const std::vector<ReportRun>& runs, const fs::path& output,
                      const PlotOptions& options) {
  const fs::path folder = fs::absolute(output);  // gnuplot runs inside it
  if (options.format != "png" && options.format != "svg") {
    throw Error("unknown plot format '" + options.format + "'; formats: png, svg");
  }
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create '" + folder.string() + "': " + ec.message());

  std::map<std::string, std::vector<const ReportRun*>> by_objective;
  for (const ReportRun& r : runs) by_objective[r.objective].push_back(&r);

  PlotFiles files;
  std::vector<Figure> figures;
  std::size_t count = 0;
  for (const auto& [objective, members] : by_objective) {
    // A file name has at most 255 bytes: a long name is cut and numbered to stay unique.
    constexpr std::size_t kLongestStem = 64;
    std::string stem = folder_safe(objective);
    if (stem.size() > kLongestStem)
      stem = stem.substr(0, kLongestStem) + "-" + std::to_string(count);
    ++count;
    for (Figure& f : figures_of(objective, stem, members)) {
      files.data.push_back(write_data(f, folder));
      files.scripts.push_back(write_script(f, folder, options.format));
      figures.push_back(std::move(f));
    }
  }

  if (!options.render) return files;
  const fs::path gnuplot = options.gnuplot.empty() ? find_on_path("gnuplot") : options.gnuplot;
  if (gnuplot.empty() || ::access(gnuplot.c_str(), X_OK) != 0) {
    files.notes.push_back(
        "gnuplot is not installed (Debian: apt install gnuplot-nox), so no plot was drawn; "
        "the data files and gnuplot scripts are in " +
        folder.string() + " (run `gnuplot NAME.gp` there)");
    return files;
  }
  for (const Figure& f : figures) {
    const fs::path log = folder / (f.name + ".gnuplot.log");
    // No shell: gnuplot is started directly, and changes into the folder itself.
    ChildProcess gnuplot_process({gnuplot.string(), "-e", "cd " + gnuplot_literal(folder.string()),
                                  (folder / (f.name + ".gp")).string()},
                                 log);
    const bool drawn = gnuplot_process.wait().succeeded();
    const fs::path image = folder / (f.name + "." + options.format);
    if (drawn && fs::is_regular_file(image, ec) && fs::file_size(image, ec) > 0) {
      files.images.push_back(image);
      fs::remove(log, ec);
    } else {
      files.notes.push_back("gnuplot could not draw " + image.string() + "; see " + log.string());
    }
  }
  return files;
}

}  // namespace bopp::host
