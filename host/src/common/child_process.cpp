#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/spawn.hpp>

#include <fcntl.h>
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
  int output_fd = -1;
  try {
    output_fd = open_folder_file(output, O_WRONLY | O_CREAT | O_TRUNC);
  } catch (const Error& e) {
    throw Error("cannot write '" + output.string() + "': " + e.what());
  }
  // The child must not outlive this process: a bench started again would run the same run a
  // second time into the same folder.
  try {
    pid_ =
        spawn({.argv = argv, .fds = {{1, output_fd}, {2, output_fd}}, .own_process_group = true});
  } catch (...) {
    ::close(output_fd);
    throw;
  }
  ::close(output_fd);
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
