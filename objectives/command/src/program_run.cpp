#include "program_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>

extern char** environ;

namespace bopp::command {
namespace {

using Clock = std::chrono::steady_clock;

// How often the program's end is looked for where a pidfd cannot be had.
constexpr int kExitPollMs = 10;

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() { reset(); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// A pipe or socket pair: this process's end (non-blocking) and the program's.
struct Channel {
  Fd ours, theirs;
};

bool make_pipe(Channel& channel) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  channel.ours.reset(fds[0]);
  channel.theirs.reset(fds[1]);
  return ::fcntl(fds[0], F_SETFL, O_NONBLOCK) == 0;
}

// Standard input is a socket, so that writing to a program that has already quit is an error
// (MSG_NOSIGNAL), not a SIGPIPE that would end the host.
bool make_input(Channel& channel) {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds) != 0) return false;
  channel.ours.reset(fds[0]);
  channel.theirs.reset(fds[1]);
  return ::fcntl(fds[1], F_SETFL, 0) == 0;  // the program's end blocks, as a pipe would
}

// Reads what is there into `into`, at most up to `cap` bytes beyond which it reports `over`.
// Returns false at the end of the stream (or an error).
bool read_available(int fd, std::string& into, std::size_t cap, bool& over) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
    if (n == 0) return false;
    into.append(buffer, static_cast<std::size_t>(n));
    if (into.size() > cap) {
      over = true;
      return true;
    }
  }
}

// Reads standard error, keeping its last `cap` bytes.
bool read_tail(int fd, std::string& into, std::size_t cap) {
  bool over = false;
  const bool open = read_available(fd, into, 2 * cap + 65536, over);
  if (into.size() > cap) into.erase(0, into.size() - cap);
  return open;
}

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

// Whether the program has ended, leaving it unreaped: its pid, and so its process group's id,
// cannot be taken by another process until it is waited for.
bool has_ended(pid_t pid) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid;
}

}  // namespace

ProgramRun run_program(const std::vector<std::string>& argv,
                       const std::vector<std::string>& environment, const std::string& input,
                       const ProgramLimits& limits) {
  ProgramRun run;
  Channel in, out, err;
  if (!make_input(in) || !make_pipe(out) || !make_pipe(err)) {
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
  ::posix_spawn_file_actions_adddup2(&actions, in.theirs.get(), 0);
  ::posix_spawn_file_actions_adddup2(&actions, out.theirs.get(), 1);
  ::posix_spawn_file_actions_adddup2(&actions, err.theirs.get(), 2);
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 34)
  // Nothing of the host's (a worker's socket, a lock file, a caller's descriptors) reaches it.
  ::posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
  ::posix_spawnattr_init(&attributes);
  // Its own process group, so a timeout also ends whatever it started; the signals a worker
  // ignores (SIGTERM, SIGHUP, SIGINT) and a caller's mask are not passed on to it.
  ::posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  ::posix_spawnattr_setsigdefault(&attributes, &all);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setflags(
      &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  const int spawned =
      ::posix_spawnp(&pid, c_argv[0], &actions, &attributes, c_argv.data(), c_env.data());
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attributes);
  in.theirs.reset();
  out.theirs.reset();
  err.theirs.reset();
  if (spawned != 0) {
    run.error = std::strerror(spawned);
    return run;
  }
  run.started = true;
  const Fd exit_fd(open_pidfd(pid));

  // The point is written as the program reads it, while its output is read: both pipes are
  // polled, so a large point and a talkative program cannot wait on each other.
  std::size_t sent = 0;
  if (input.empty()) in.ours.reset();
  const auto start = Clock::now();
  bool out_open = true, err_open = true, ended = false;
  while (!ended) {
    int wait_ms = exit_fd.open() ? -1 : kExitPollMs;
    if (limits.timeout_s > 0.0) {
      const double left =
          limits.timeout_s - std::chrono::duration<double>(Clock::now() - start).count();
      if (left <= 0.0) {
        run.timed_out = true;
        break;
      }
      const int left_ms = static_cast<int>(std::ceil(left * 1000.0));
      wait_ms = wait_ms < 0 ? left_ms : std::min(wait_ms, left_ms);
    }
    pollfd fds[4] = {{out_open ? out.ours.get() : -1, POLLIN, 0},
                     {err_open ? err.ours.get() : -1, POLLIN, 0},
                     {in.ours.get(), POLLOUT, 0},
                     {exit_fd.get(), POLLIN, 0}};
    if (::poll(fds, 4, wait_ms) < 0 && errno != EINTR) break;
    if (fds[2].revents != 0) {
      const ssize_t n = ::send(in.ours.get(), input.data() + sent, input.size() - sent,
                               MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) sent += static_cast<std::size_t>(n);
      // All of it given, or the program closed its input: either way, no more to write.
      if (sent == input.size() || (n < 0 && errno != EAGAIN && errno != EINTR)) in.ours.reset();
    }
    if (fds[0].revents != 0) {
      out_open = read_available(out.ours.get(), run.out, limits.out_cap, run.overflowed);
      if (run.overflowed) break;
    }
    if (fds[1].revents != 0) err_open = read_tail(err.ours.get(), run.err, limits.err_cap);
    ended = exit_fd.open() ? fds[3].revents != 0 : has_ended(pid);
  }
  if (ended) {
    // What the program wrote before it exited is in the pipes: read it, without waiting for
    // an end of stream that a child holding them may never give.
    if (out_open) read_available(out.ours.get(), run.out, limits.out_cap, run.overflowed);
    if (err_open) read_tail(err.ours.get(), run.err, limits.err_cap);
  }
  // The program itself at a timeout or an overflow, and in any case whatever is left of its
  // group. It is not reaped yet, so its group's id names no other process.
  ::kill(-pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (run.overflowed) run.out.resize(limits.out_cap);
  const bool ours = run.timed_out || run.overflowed;
  run.signaled = !ours && WIFSIGNALED(status);
  run.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  return run;
}

}  // namespace bopp::command
