// One run of an external program: argv (no shell), text on its standard input, its output
// collected, killed when it takes too long.
#pragma once

#include <string>
#include <vector>

namespace bopp::command {

struct ProgramRun {
  bool started = false;    // false: it could not be executed (`error` says why)
  bool timed_out = false;  // killed after the timeout
  bool signaled = false;   // killed by a signal (not ours)
  int code = 0;            // exit status, when it exited
  int signal = 0;          // the signal, when signaled
  std::string out;         // all of its standard output
  std::string err;         // the last `err_cap` bytes of its standard error
  std::string error;
};

// Runs `argv` (argv[0] found on PATH when it has no slash) with `environment` added to this
// process's ("NAME=value" entries), `input` on its standard input; kills its process group
// after `timeout_s` seconds (0: no limit).
ProgramRun run_program(const std::vector<std::string>& argv,
                       const std::vector<std::string>& environment, const std::string& input,
                       double timeout_s, std::size_t err_cap);

}  // namespace bopp::command
