#include "program_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>

extern char** environ;

namespace bopp::command {
namespace {

using Clock = std::chrono::steady_clock;

// Reads what is there; false at the end of the stream.
bool read_some(int fd, std::string& into) {
  char buffer[4096];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  into.append(buffer, static_cast<std::size_t>(n));
  return n > 0;
}

}  // namespace

ProgramRun run_program(const std::vector<std::string>& argv,
                       const std::vector<std::string>& environment, const std::string& input,
                       double timeout_s, std::size_t err_cap) {
  ProgramRun run;
  // Standard input is a socket, so that writing to a program that has already quit is an
  // error (MSG_NOSIGNAL), not a SIGPIPE that would end the host.
  int in[2], out[2], err[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
    run.error = std::strerror(errno);
    return run;
  }
  if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
    run.error = std::strerror(errno);
    return run;
  }
  std::vector<std::string> strings = argv;
  std::vector<char*> c_argv;
  for (std::string& s : strings) c_argv.push_back(s.data());
  c_argv.push_back(nullptr);
  std::vector<std::string> env_strings(environment);
  std::vector<char*> c_env;
  for (std::string& s : env_strings) c_env.push_back(s.data());
  for (char** e = environ; *e != nullptr; ++e) c_env.push_back(*e);
  c_env.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, in[1], 0);
  ::posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  ::posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  ::posix_spawnattr_init(&attributes);
  // Its own process group, so a timeout also ends whatever it started.
  ::posix_spawnattr_setpgroup(&attributes, 0);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  pid_t pid = -1;
  const int spawned =
      ::posix_spawnp(&pid, c_argv[0], &actions, &attributes, c_argv.data(), c_env.data());
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attributes);
  ::close(in[1]);
  ::close(out[1]);
  ::close(err[1]);
  if (spawned != 0) {
    run.error = std::strerror(spawned);
    ::close(in[0]);
    ::close(out[0]);
    ::close(err[0]);
    return run;
  }
  run.started = true;
  // The input is small (a point); a program that does not read it gets an error, not a hang.
  ::send(in[0], input.data(), input.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::shutdown(in[0], SHUT_WR);

  const auto start = Clock::now();
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    int wait_ms = -1;
    if (timeout_s > 0.0) {
      const double left = timeout_s - std::chrono::duration<double>(Clock::now() - start).count();
      if (left <= 0.0) {
        run.timed_out = true;
        break;
      }
      wait_ms = static_cast<int>(std::ceil(left * 1000.0));
    }
    pollfd fds[2] = {{out_open ? out[0] : -1, POLLIN, 0}, {err_open ? err[0] : -1, POLLIN, 0}};
    if (::poll(fds, 2, wait_ms) < 0 && errno != EINTR) break;
    if (fds[0].revents != 0) out_open = read_some(out[0], run.out);
    if (fds[1].revents != 0) {
      err_open = read_some(err[0], run.err);
      if (run.err.size() > 2 * err_cap) run.err.erase(0, run.err.size() - err_cap);
    }
  }
  if (run.timed_out) ::kill(-pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ::close(in[0]);
  ::close(out[0]);
  ::close(err[0]);
  if (run.err.size() > err_cap) run.err.erase(0, run.err.size() - err_cap);
  run.signaled = !run.timed_out && WIFSIGNALED(status);
  run.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  return run;
}

}  // namespace bopp::command
