// stop_signals.hpp: SIGINT, SIGTERM and SIGHUP stop a run or a bench cleanly.
#pragma once

#include <atomic>

namespace bopp::cli {

// What the handler sets: `stop` once one of the signals came, `signal` to which one.
struct StopFlags {
  const std::atomic<bool>& stop;
  const std::atomic<int>& signal;
};

// Installs the handler (sigaction) for SIGINT, SIGTERM and SIGHUP. The first of them sets
// the flags and puts all three back to their default, so a second one ends the process at once.
StopFlags stop_on_signals();

// The exit status of a process stopped by `signal`: 128 + signal, as the shells report a
// process the signal killed.
inline int stopped_exit_status(int signal) { return 128 + signal; }

}  // namespace bopp::cli
