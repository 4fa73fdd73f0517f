// commands.hpp: the `bopp` subcommands, each a function from parsed options to an exit code.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include "stop_signals.hpp"

#include <atomic>
#include <string>
#include <vector>

namespace bopp::cli {

struct RunCommand {
  std::string file;
  std::vector<std::string> overrides;  // section.key=value
  std::vector<std::string> unsets;     // section.key, removed before the overrides apply
  std::string output;                  // "" keeps the file's
  bool overwrite = false;
  bool sync = true;
  double stop_after_s = 0.0;  // --stop-after; 0: the experiment's time limit
  int verbosity = 0;          // count of -v: 1 shows plugins' info lines, 2 their debug lines
};

struct ResumeCommand {
  std::string folder;
  bool force = false;        // resume although a plugin library changed
  bool recheck_best = true;  // evaluate the recorded best point again (--no-recheck: not)
  bool sync = true;
  double stop_after_s = 0.0;  // as RunCommand's
  int verbosity = 0;          // as RunCommand's
};

struct EvalCommand {
  std::string objective;
  std::vector<std::string> settings;  // key=value for the objective's table
  std::string points;                 // file, or "-" for stdin
  std::uint64_t seed = 0;
  int verbosity = 0;  // as RunCommand's
};

// The exit status of a run its time limit stopped: EX_TEMPFAIL, "try again" (bopp resume).
inline constexpr int kTimeLimitExitStatus = 75;

int list_plugins(const host::PluginRegistry& registry, bool paths_only);
int describe_plugin(const host::PluginRegistry& registry, const std::string& name);
// Stopped by one of the stop signals, the run records `stopped` and the status is 128 + signal;
// stopped by its time limit, kTimeLimitExitStatus.
int run_experiment_file(const host::PluginRegistry& registry, const RunCommand& command,
                        const StopFlags& stop);
// Continues the run in a record folder; stopped, as run_experiment_file.
int resume_run_folder(const host::PluginRegistry& registry, const ResumeCommand& command,
                      const StopFlags& stop);
int evaluate_points(const host::PluginRegistry& registry, const EvalCommand& command);

}  // namespace bopp::cli
