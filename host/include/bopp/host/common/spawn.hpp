// bopp/host/common/spawn.hpp: starting a program as a child process (the one fork and exec).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace bopp::host {

// The exit code a child uses when the program could not be executed (as the shells do).
inline constexpr int kCannotExecute = 127;

// One descriptor the child gets: its `fd` is this process's `from`, open across exec.
struct InheritedFd {
  int fd = -1;
  int from = -1;
};

// How a program is started. Its standard input is always /dev/null, and it gets no descriptor
// of this process's but 0, 1, 2 and `fds`.
struct SpawnSetup {
  std::vector<std::string> argv;  // argv[0] is the program's path; no shell is involved
  std::vector<InheritedFd> fds;   // set up in this order
  // In a process group of its own, a terminal's Ctrl-C reaches this process only, which
  // decides what the child gets.
  bool own_process_group = false;
  // In a session (and so a process group) of its own: no signal sent to this process's group
  // or terminal reaches it, and what it starts can be found and killed by its session id
  // (kill_session), whatever process groups they made.
  bool own_session = false;
  std::uint64_t memory_mb = 0;     // > 0: a cap on its address space (RLIMIT_AS), in MiB
  std::string what = "a process";  // what the child is, for the error
};

// Starts the program and returns its pid. The child is killed if this process dies, so it
// never outlives its parent; a program that cannot be executed exits with kCannotExecute.
// Throws Error ("cannot start a process: ...") when the process cannot be made.
pid_t spawn(const SpawnSetup& setup);

}  // namespace bopp::host
