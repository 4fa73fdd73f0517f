// Running code as if the disk were full, without root: a forked child whose files may not grow
// past a limit (RLIMIT_FSIZE, with SIGXFSZ ignored, so a write past it fails with EFBIG as one on
// a full disk fails with ENOSPC).
#pragma once

#include <bopp/host/common/errors.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <functional>
#include <string>

namespace bopp::test {

// Runs `body` in a forked child limited to files of `limit` bytes and returns the message of
// the host Error it threw, or "" when it threw none.
inline std::string error_with_file_size_limit(rlim_t limit, const std::function<void()>& body) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return "no pipe";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fds[0]);
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit r{limit, limit};
    ::setrlimit(RLIMIT_FSIZE, &r);
    std::string message;
    try {
      body();
    } catch (const host::Error& e) {
      message = e.what();
    }
    (void)!::write(pipe_fds[1], message.data(), message.size());
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string message;
  char buffer[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    message.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  ::waitpid(pid, nullptr, 0);
  return message;
}

}  // namespace bopp::test
