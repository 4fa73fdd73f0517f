// bopp/host/common/child_process.hpp: running another program and waiting for its end.
#pragma once

#include <bopp/host/common/spawn.hpp>

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

// How a child process ended.
struct ChildExit {
  bool signaled = false;  // killed by a signal rather than exiting
  int code = 0;           // its exit code, when it exited
  int signal = 0;         // the signal that killed it, when signaled

  bool succeeded() const { return !signaled && code == 0; }
  // "signal 9 (Killed)".
  std::string signal_text() const;
};

// "SIGTERM": a signal's name as kill(1) and the shells write it.
std::string signal_name(int signal);

// Waits for the child `pid` to end (retrying when a signal interrupts) and decodes how.
ChildExit wait_for_child(pid_t pid);

// A program run as a child process: its standard input is /dev/null, its standard output
// and error go to `output` (truncated), and it is killed if this process dies first, so it
// never outlives its parent. It runs in a process group of its own: a terminal's Ctrl-C
// reaches this process only, which decides what its children get (see signal). `argv[0]` is the
// program's path; no shell is involved.
class ChildProcess {
 public:
  // Starts the program; throws Error when the output file or the process cannot be made.
  // A program that cannot be executed exits with kCannotExecute.
  ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& output);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  // Sends `signal` to the child, unless it has already been waited for.
  void signal(int signal);
  // Waits for the child to end (once; later calls return the same).
  ChildExit wait();

 private:
  pid_t pid_ = -1;
  bool waited_ = false;
  ChildExit exit_;
};

}  // namespace bopp::host
