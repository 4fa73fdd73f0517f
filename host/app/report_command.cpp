#include "report_command.hpp"

#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>

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

}  // namespace

int report_runs(const ReportCommand& command) {
  if (command.format != "md" && command.format != "csv" && command.format != "json") {
    throw host::Error("--format " + command.format + ": expected md, csv or json");
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
