// bench_command.hpp: `bopp bench GRID.toml`: every run of a grid, a few at a time.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include "stop_signals.hpp"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace bopp::cli {

struct BenchCommand {
  std::string file;    // the grid file
  std::string output;  // "" keeps the grid's
  unsigned jobs = 0;   // runs at once; 0: one per core
  bool sync = true;
  std::vector<std::filesystem::path> plugin_path;  // the --plugin-path folders, passed to each run
  std::vector<std::string> run_options;            // other options passed to each run
};

// Stopped by one of the stop signals, the bench forwards it to its running runs, waits for
// them, writes its index, and the status is 128 + signal.
int run_bench_file(const host::PluginRegistry& registry, const BenchCommand& command,
                   const StopFlags& stop);

}  // namespace bopp::cli
