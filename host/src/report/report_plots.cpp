#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/report/label_colours.hpp>
#include <bopp/host/report/record_text.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_figures.hpp>
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

fs::path write_script(const Figure& f, const fs::path& folder, const std::string& format,
                      const std::map<std::string, std::string>& colours) {
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
    const std::string colour = gnuplot_literal(colours.at(f.curves[i].label));
    layers.push_back(data + " index " + std::to_string(i) +
                     " using 1:4:5 with filledcurves lc rgb " + colour + " notitle");
  }
  for (std::size_t i = 0; i < f.curves.size(); ++i) {
    if (f.curves[i].points.empty()) continue;
    const std::string colour = gnuplot_literal(colours.at(f.curves[i].label));
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
    for (Figure& f : report_figures(objective, stem, members)) figures.push_back(std::move(f));
  }
  std::set<std::string> labels;
  for (const Figure& f : figures) {
    for (const Curve& c : f.curves) labels.insert(c.label);
  }
  const std::map<std::string, std::string> colours = label_colours(labels);
  for (const Figure& f : figures) {
    files.data.push_back(write_data(f, folder));
    files.scripts.push_back(write_script(f, folder, options.format, colours));
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
