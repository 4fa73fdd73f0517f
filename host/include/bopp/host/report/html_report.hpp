// bopp/host/report/html_report.hpp: `bopp report --format html` and a bench's live report.html:
// one self-contained page (no script, no network: tables, paired statistics, inline SVG plots,
// the runs' provenance), docs/comparing-methods.md.
#pragma once

#include <bopp/host/bench/bench_progress.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_runs.hpp>

#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// A grid file the runs came from, shown as it was run.
struct GridText {
  std::string source;  // its name, as given
  std::string text;
};

// What the page says besides the runs.
struct HtmlPage {
  std::vector<std::string> notes;  // e.g. runs left out, and why
  std::vector<GridText> grids;
  // A bench's progress: the page says how many runs are done, running and left, and while the
  // bench has not ended it reloads itself every `refresh_seconds` (a meta refresh, no script).
  std::optional<BenchProgress> progress;
  int refresh_seconds = 5;
};

// The page of `report` (built from `runs`). Every text from the records is HTML-escaped, and none
// goes into a style; the page's Content-Security-Policy forbids scripts besides.
std::string html_report(const std::vector<ReportRun>& runs,
                        const std::vector<ObjectiveReport>& report, const HtmlPage& page);

// The grid.toml a bench keeps beside its runs, for each of `folders` that has one (read without
// following links, bounded).
std::vector<GridText> bench_grids(const std::vector<std::filesystem::path>& folders);

}  // namespace bopp::host
