#include "bench_command.hpp"

#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>

#include <csignal>
#include <cstdio>

namespace bopp::cli {

int run_bench_file(const host::PluginRegistry& registry, const BenchCommand& command,
                   const StopFlags& stop) {
  for (const auto& b : registry.broken())
    std::fprintf(stderr, "bopp: warning: %s\n", b.reason.c_str());
  host::BenchGrid grid = host::BenchGrid::load(command.file, registry);
  if (!command.output.empty()) grid.output = command.output;

  host::BenchOptions options;
  std::error_code ec;
  options.bopp_program = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw host::Error("bopp bench: cannot find the bopp program itself: " + ec.message());
  options.plugin_path = command.plugin_path;
  options.run_options = command.run_options;
  options.jobs = command.jobs;
  options.sync = command.sync;
  options.stop = &stop.stop;
  options.stop_signal = &stop.signal;
  const host::BenchSummary summary = host::run_bench(grid, grid.output, options);

  std::printf("%zu runs: %zu completed now, %zu complete before, %zu failed, %zu stopped\n",
              summary.runs.size(), summary.count(host::BenchRunState::completed),
              summary.count(host::BenchRunState::skipped),
              summary.count(host::BenchRunState::failed),
              summary.count(host::BenchRunState::stopped));
  for (const auto& r : summary.runs) {
    if (r.state == host::BenchRunState::failed)
      std::printf("  failed: %s: %s\n", r.folder.c_str(), r.message.c_str());
  }
  std::printf(
      "bench folder: %s (compare the runs with `bopp report %s`, or open its "
      "report.html)\n",
      summary.folder.string().c_str(), grid.output.c_str());
  if (summary.count(host::BenchRunState::stopped) > 0 || stop.stop.load()) {
    const int signal = stop.signal.load();
    std::fprintf(stderr, "bopp: bench stopped by %s\n",
                 signal > 0 ? host::signal_name(signal).c_str() : "the user");
    return stopped_exit_status(signal > 0 ? signal : SIGINT);
  }
  return summary.count(host::BenchRunState::failed) > 0 ? 1 : 0;
}

}  // namespace bopp::cli
