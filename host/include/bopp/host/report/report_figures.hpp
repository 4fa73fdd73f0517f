// bopp/host/report/report_figures.hpp: the convergence and time curves of `bopp report`, as data:
// the gnuplot files (report_plots.hpp) and the HTML report's SVG plots (svg_plot.hpp) draw the
// same figures.
#pragma once

#include <bopp/host/report/report_runs.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace bopp::host {

// The mean over runs at one x, with its standard error and the band drawn around it.
struct CurvePoint {
  double x, mean, se, lower, upper;
  std::size_t n;  // runs averaged
};

// One algorithm at one batch size: its label ("gpbo", or "gpbo (batch 4)" when the objective's
// runs differ in batch size) and its mean curve.
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

// The figures of one objective's runs, `stem` naming their files: <stem>-evaluations
// (best-so-far, or simple regret on a log scale when every run knows its optimum, against
// evaluations), <stem>-time (the same against algorithm + evaluation wall time, log scale) and,
// when an algorithm ran at more than one batch size, <stem>-batches (against batches asked); then
// <stem>-cumulative-regret (when the optimum is known) and <stem>-algorithm-time (seconds in ask
// and tell, summed), both against evaluations. Each curve is the mean over the runs of one
// algorithm at one batch size, with a band of one standard error.
std::vector<Figure> report_figures(const std::string& objective, const std::string& stem,
                                   const std::vector<const ReportRun*>& runs);

}  // namespace bopp::host
