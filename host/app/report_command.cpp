#include "report_command.hpp"

#include <bopp/host/bench/bench_progress.hpp>
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/report/html_report.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <thread>

namespace bopp::cli {
namespace {

// "VALUE" (every objective) or "OBJECTIVE=VALUE".
std::map<std::string, double> parse_targets(const std::vector<std::string>& targets) {
  std::map<std::string, double> out;
  for (const std::string& t : targets) {
    const auto equals = t.rfind('=');
    const std::string objective = equals == std::string::npos ? "*" : t.substr(0, equals);
    const std::string text = equals == std::string::npos ? t : t.substr(equals + 1);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(value)) {
      throw host::Error("--target " + t +
                        ": expected VALUE or OBJECTIVE=VALUE (e.g. --target branin=0.5)");
    }
    out[objective] = value;
  }
  return out;
}

// "20,100,500": positive whole numbers, in the order given.
std::vector<std::uint64_t> parse_budgets(const std::string& text) {
  std::vector<std::uint64_t> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    errno = 0;
    const unsigned long long value = std::strtoull(item.c_str(), nullptr, 10);
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos ||
        errno == ERANGE || value == 0) {
      throw host::Error("--at " + text +
                        ": expected evaluation counts of at least 1, separated by commas "
                        "(e.g. --at 20,100,500)");
    }
    out.push_back(value);
    start = comma + 1;
  }
  return out;
}

// The page of `runs`, to stdout or into the file `output` (atomically: a browser that reloads it
// never reads half a page).
int write_html(const ReportCommand& command, const std::vector<std::filesystem::path>& folders,
               const std::vector<host::ReportRun>& runs, const std::vector<std::string>& notes,
               const std::map<std::string, double>& targets, const host::PairingOptions& pairing) {
  host::HtmlPage page;
  page.notes = notes;
  page.grids = host::bench_grids(folders);
  const std::string html =
      host::html_report(runs, host::build_report(runs, targets, pairing), page);
  if (command.output.empty()) {
    std::cout << html;
    return 0;
  }
  host::write_file_atomically(command.output, html, false);  // a link there is replaced
  std::printf("report: %s\n", command.output.c_str());
  return 0;
}

// One line of a bench's progress, as the live page says it.
std::string progress_line(const host::BenchProgress& p) {
  char text[200];
  std::snprintf(text, sizeof text,
                "bench %s: %zu of %zu runs done (%zu failed), %zu running, %zu left",
                p.ended() ? (p.left() == 0 ? "complete" : "stopped") : "running", p.done(),
                p.total(), p.failed, p.running, p.left());
  return text;
}

}  // namespace

int watch_bench(const ReportCommand& command, StopFlags stop) {
  if (command.folders.size() != 1) throw host::Error("--watch follows one bench folder");
  if (command.format != "md" || !command.output.empty() || !command.plot.empty()) {
    throw host::Error(
        "--watch draws the Markdown table on the terminal: leave out --format, "
        "--output and --plot");
  }
  const std::filesystem::path folder = command.folders.front();
  const auto targets = parse_targets(command.targets);
  const host::PairingOptions pairing{parse_budgets(command.at), command.baseline};
  const bool terminal = ::isatty(STDOUT_FILENO) == 1;
  for (bool first = true;; first = false) {
    const std::optional<host::BenchProgress> progress = host::read_bench_progress(folder);
    std::string text;
    if (!progress) {
      text = "waiting for a bench in '" + folder.string() + "' (no index.json yet)\n";
    } else {
      text = progress_line(*progress) + "\n\n";
      try {
        std::vector<std::string> notes;
        const auto runs = host::load_report_runs({folder}, notes);
        if (!runs.empty())
          text += host::format_report(host::build_report(runs, targets, pairing), "md");
      } catch (const host::Error& e) {
        text += std::string("bopp report: ") + e.what() + "\n";  // tried again next time
      }
    }
    // On a terminal the screen is cleared and redrawn; into a file or a pipe, each view follows
    // the last.
    std::fputs(terminal ? "\033[H\033[2J" : (first ? "" : "\n"), stdout);
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    if (progress && progress->ended()) return 0;
    for (int tick = 0; tick < 20; ++tick) {  // 2 s, looking for a stop signal every 100 ms
      if (stop.stop.load()) return stopped_exit_status(stop.signal.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

int report_runs(const ReportCommand& command) {
  if (command.format != "md" && command.format != "csv" && command.format != "json" &&
      command.format != "html") {
    throw host::Error("--format " + command.format + ": expected md, csv, json or html");
  }
  if (command.format == "html" && !command.plot.empty()) {
    throw host::Error(
        "--plot draws gnuplot files beside a table; the HTML report has its plots "
        "inline: leave out --plot");
  }
  if (!command.plot.empty() && command.plot != "png" && command.plot != "svg") {
    throw host::Error("--plot " + command.plot + ": expected png or svg");
  }
  if (!command.plot.empty() && command.output.empty()) {
    throw host::Error("--plot needs --output DIR, the folder for the plots and their data files");
  }
  const auto targets = parse_targets(command.targets);
  const host::PairingOptions pairing{parse_budgets(command.at), command.baseline};

  std::vector<std::filesystem::path> folders(command.folders.begin(), command.folders.end());
  std::vector<std::string> notes;
  const std::vector<host::ReportRun> runs = host::load_report_runs(folders, notes);
  for (const std::string& n : notes) std::fprintf(stderr, "bopp report: %s\n", n.c_str());
  if (runs.empty()) throw host::Error("no completed run record found under the folders given");
  if (command.format == "html") return write_html(command, folders, runs, notes, targets, pairing);

  const std::string table =
      host::format_report(host::build_report(runs, targets, pairing), command.format);
  if (command.output.empty()) {
    std::cout << table;
    return 0;
  }
  const std::filesystem::path folder = command.output;
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw host::Error("cannot create '" + folder.string() + "': " + ec.message());
  const std::filesystem::path table_file = folder / ("table." + command.format);
  host::write_file_atomically(table_file, table, false);  // a link there is replaced, not followed
  std::printf("table: %s\n", table_file.string().c_str());

  host::PlotOptions plot_options;
  plot_options.format = command.plot.empty() ? "png" : command.plot;
  plot_options.render = !command.plot.empty();
  const host::PlotFiles files = host::write_plots(runs, folder, plot_options);
  std::printf("plot data: %zu files in %s\n", files.data.size(), folder.string().c_str());
  for (const auto& image : files.images) std::printf("plot: %s\n", image.string().c_str());
  for (const std::string& n : files.notes) std::fprintf(stderr, "bopp report: %s\n", n.c_str());
  return 0;
}

}  // namespace bopp::cli
