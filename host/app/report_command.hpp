// report_command.hpp: `bopp report DIR...`: tables and convergence plots of run records.
#pragma once

#include "stop_signals.hpp"

#include <string>
#include <vector>

namespace bopp::cli {

struct ReportCommand {
  std::vector<std::string> folders;  // run folders or folders above them (bench folders)
  std::string format = "md";         // md | csv | json | html
  std::string plot;                  // "" (none) | png | svg; needs `output`
  std::string output;                // "" : the table (or page) to stdout; html: the page's file
  std::vector<std::string> targets;  // VALUE or OBJECTIVE=VALUE
  std::string at;                    // "20,100,500": budgets of the paired comparisons
  std::string baseline;              // compare every algorithm with this one only
};

int report_runs(const ReportCommand& command);

// `bopp report --watch BENCH`: the bench's progress and its Markdown table, redrawn every few
// seconds until the bench has ended (or a signal stops the watch).
int watch_bench(const ReportCommand& command, StopFlags stop);

}  // namespace bopp::cli
