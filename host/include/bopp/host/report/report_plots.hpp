// bopp/host/report/report_plots.hpp: the convergence plots of `bopp report`, as plain data files
// and gnuplot scripts, rendered with gnuplot when it is installed.
#pragma once

#include <bopp/host/report/report_runs.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

struct PlotOptions {
  std::string format = "png";     // png or svg
  bool render = true;             // false: the data files and scripts only
  std::filesystem::path gnuplot;  // "" : `gnuplot` found on PATH
};

struct PlotFiles {
  std::vector<std::filesystem::path> data;     // whitespace tables, one block per line drawn
  std::vector<std::filesystem::path> scripts;  // gnuplot scripts, runnable by hand
  std::vector<std::filesystem::path> images;   // rendered plots
  std::vector<std::string> notes;              // e.g. gnuplot is missing
};

// Per objective label, into `folder`: <objective>-evaluations (best-so-far, or simple
// regret on a log scale when the optimum is known, against evaluations), <objective>-time
// (the same against algorithm + evaluation wall time, log scale) and, when an algorithm
// ran at more than one batch size, <objective>-batches (against batches asked); then
// <objective>-cumulative-regret (when the optimum is known) and <objective>-algorithm-time
// (seconds in ask and tell, summed), both against evaluations. Each line
// is the mean over the runs of one algorithm at one batch size, with a shaded band of one
// standard error. Data files and scripts are always written; images when gnuplot runs.
PlotFiles write_plots(const std::vector<ReportRun>& runs, const std::filesystem::path& folder,
                      const PlotOptions& options);

}  // namespace bopp::host
