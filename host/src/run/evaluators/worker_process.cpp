#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/session_kill.hpp>
#include <bopp/host/common/spawn.hpp>
#include <bopp/host/run/evaluators/worker_process.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

namespace bopp::host {

std::filesystem::path worker_program() {
  if (const char* env = std::getenv("BOPP_WORKER"); env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const std::filesystem::path program = boost::dll::program_location(ec);
  return program.parent_path().parent_path() / BOPP_WORKER_SUBDIR / "bopp-worker";
}

WorkerProcess::WorkerProcess(const std::filesystem::path& program, std::uint64_t memory_mb) {
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    throw Error(std::string("cannot make a socket for a worker: ") + std::strerror(errno));
  }
  try {
    pid_ = spawn({.argv = {program.string()},
                  .fds = {{1, 2}, {worker_protocol::kSocketFd, pair[1]}},
                  .own_session = true,
                  .memory_mb = memory_mb,
                  .what = "a worker process"});
  } catch (...) {
    ::close(pair[0]);
    ::close(pair[1]);
    throw;
  }
  ::close(pair[1]);
  socket_ = pair[0];
}

WorkerProcess::~WorkerProcess() {
  if (pid_ > 0) kill_and_wait();
  ::close(socket_);
}

ChildExit WorkerProcess::close_and_wait() {
  ::shutdown(socket_, SHUT_RDWR);
  return reap(/*sweep=*/false);
}

ChildExit WorkerProcess::kill_and_wait() {
  if (!waited_) ::kill(pid_, SIGKILL);
  return wait();
}

ChildExit WorkerProcess::wait() { return reap(/*sweep=*/true); }

ChildExit WorkerProcess::reap(bool sweep) {
  if (waited_) return exit_;
  if (sweep) {
    // Ended but not reaped, the worker still holds its session's id: what its objective
    // started (a command's program and its children) is found by it and killed.
    siginfo_t info{};
    while (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT) < 0 &&
           errno == EINTR) {
    }
    kill_session(pid_);
  }
  exit_ = wait_for_child(pid_);
  waited_ = true;
  return exit_;
}

}  // namespace bopp::host
