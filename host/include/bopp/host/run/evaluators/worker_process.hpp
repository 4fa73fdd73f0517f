// bopp/host/run/evaluators/worker_process.hpp: one bopp-worker process and the socket to it.
#pragma once

#include <bopp/host/common/child_process.hpp>

#include <sys/types.h>

#include <cstdint>
#include <filesystem>

namespace bopp::host {

// Where bopp-worker is: <prefix>/lib/bopp/bopp-worker beside <prefix>/bin/bopp, as the build
// tree lays it out too; BOPP_WORKER names another.
std::filesystem::path worker_program();

// A started worker: its standard input is /dev/null, its standard output goes to this
// process's standard error (so a plugin printing cannot corrupt the protocol), its socket
// is descriptor 3. It runs in a session of its own, so a signal to this process's group or
// terminal (SIGTERM from `timeout`, SIGHUP, Ctrl-C) does not reach it: this process decides
// when it ends. It is killed if this process dies. `memory_mb` > 0 caps its address space
// (RLIMIT_AS).
class WorkerProcess {
 public:
  // Throws Error when the socket or the process cannot be made; a program that cannot be
  // executed exits with kCannotExecute.
  WorkerProcess(const std::filesystem::path& program, std::uint64_t memory_mb);
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  int socket() const { return socket_; }
  pid_t pid() const { return pid_; }
  // Kills the worker (SIGKILL) and what it started, and reaps it; how it ended when it had
  // already ended.
  ChildExit kill_and_wait();
  // Closes the socket, which an idle worker takes as the end, and waits for it to end.
  ChildExit close_and_wait();
  // Waits for the worker to end (once; later calls return the same), then kills whatever it
  // started that is still running in its session.
  ChildExit wait();

 private:
  ChildExit reap(bool sweep);

  int socket_ = -1;
  pid_t pid_ = -1;
  bool waited_ = false;
  ChildExit exit_;
};

}  // namespace bopp::host
