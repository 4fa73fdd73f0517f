#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

namespace bopp::host {

std::string ChildExit::signal_text() const {
  return "signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
}

std::string signal_name(int signal) {
  const char* abbreviation = ::sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::filesystem::path& output) {
  std::vector<std::string> args = argv;
  std::vector<char*> c_argv;
  for (std::string& a : args) c_argv.push_back(a.data());
  c_argv.push_back(nullptr);

  const int output_fd = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (output_fd < 0 || null_fd < 0) {
    const std::string reason = std::strerror(errno);
    if (output_fd >= 0) ::close(output_fd);
    if (null_fd >= 0) ::close(null_fd);
    throw Error("cannot write '" + output.string() + "': " + reason);
  }
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {
    // Only async-signal-safe calls until exec. The child must not outlive this process: a
    // bench started again would run the same run a second time into the same folder.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kCannotExecute);
    ::setpgid(0, 0);
    ::dup2(null_fd, 0);
    ::dup2(output_fd, 1);
    ::dup2(output_fd, 2);
    ::execv(c_argv[0], c_argv.data());
    ::_exit(kCannotExecute);
  }
  const int fork_errno = errno;
  ::close(output_fd);
  ::close(null_fd);
  if (pid_ < 0) throw Error(std::string("cannot start a process: ") + std::strerror(fork_errno));
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !waited_) {
    ::kill(pid_, SIGKILL);
    wait();
  }
}

ChildExit wait_for_child(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ChildExit exit;
  exit.signaled = WIFSIGNALED(status);
  exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  exit.signal = exit.signaled ? WTERMSIG(status) : 0;
  return exit;
}

void ChildProcess::signal(int signal) {
  if (pid_ > 0 && !waited_) ::kill(pid_, signal);
}

ChildExit ChildProcess::wait() {
  if (waited_) return exit_;
  exit_ = wait_for_child(pid_);
  waited_ = true;
  return exit_;
}

}  // namespace bopp::host
