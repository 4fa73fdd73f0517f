#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluators/worker_process.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
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
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const std::string path = program.string();
  char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(memory_mb) << 20;
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {
    // Only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kCannotExecute);
    if (memory_mb > 0) ::setrlimit(RLIMIT_AS, &limit);
    ::dup2(null_fd, 0);
    ::dup2(2, 1);
    ::dup2(pair[1], worker_protocol::kSocketFd);  // dup2 clears close-on-exec
    ::execv(argv[0], argv);
    ::_exit(kCannotExecute);
  }
  const int fork_errno = errno;
  ::close(pair[1]);
  if (null_fd >= 0) ::close(null_fd);
  socket_ = pair[0];
  if (pid_ < 0) {
    ::close(socket_);
    throw Error(std::string("cannot start a worker process: ") + std::strerror(fork_errno));
  }
}

WorkerProcess::~WorkerProcess() {
  if (pid_ > 0) kill_and_wait();
  ::close(socket_);
}

ChildExit WorkerProcess::close_and_wait() {
  ::shutdown(socket_, SHUT_RDWR);
  return wait();
}

ChildExit WorkerProcess::kill_and_wait() {
  if (!waited_) ::kill(pid_, SIGKILL);
  return wait();
}

ChildExit WorkerProcess::wait() {
  if (waited_) return exit_;
  exit_ = wait_for_child(pid_);
  waited_ = true;
  return exit_;
}

}  // namespace bopp::host
