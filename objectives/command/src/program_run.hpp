// One run of an external program: argv (no shell), text on its standard input, its output
// collected, killed with its process group when it takes too long or prints too much.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bopp::command {

struct ProgramLimits {
  double timeout_s = 0.0;   // on the program's lifetime (0: no limit)
  std::size_t out_cap = 0;  // the most of its standard output kept; beyond it, it is killed
  std::size_t err_cap = 0;  // how much of the end of its standard error is kept
};

struct ProgramRun {
  bool started = false;     // false: it could not be executed (`error` says why)
  bool timed_out = false;   // killed after the timeout
  bool overflowed = false;  // killed for printing more than `out_cap` bytes
  bool signaled = false;    // killed by a signal (not ours)
  int code = 0;             // exit status, when it exited
  int signal = 0;           // the signal, when signaled
  std::string out;          // its standard output (at most `out_cap` bytes)
  std::string err;          // the last `err_cap` bytes of its standard error
  std::string error;
};

// Runs `argv` (argv[0] found on PATH when it has no slash) with `environment` added to this
// process's ("NAME=value" entries) and `input` on its standard input, in a process group of
// its own, with no descriptor but 0, 1 and 2. The run ends when the program exits: what its
// pipes hold then is read, and whatever is left in its process group (a child still holding
// its output) is killed. At the timeout, or once it has printed more than `out_cap` bytes, the
// whole group is killed.
ProgramRun run_program(const std::vector<std::string>& argv,
                       const std::vector<std::string>& environment, const std::string& input,
                       const ProgramLimits& limits);

}  // namespace bopp::command
