#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/spawn.hpp>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace bopp::host {

pid_t spawn(const SpawnSetup& setup) {
  // Everything the child needs is made before the fork: after it, only async-signal-safe calls.
  std::vector<std::string> args = setup.argv;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(setup.memory_mb) << 20;
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd < 0) throw Error(std::string("cannot open /dev/null: ") + std::strerror(errno));

  int highest = 2;
  for (const InheritedFd& inherited : setup.fds) highest = std::max(highest, inherited.fd);

  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kCannotExecute);  // the parent died before prctl
    if (setup.own_session) {
      ::setsid();
    } else if (setup.own_process_group) {
      ::setpgid(0, 0);
    }
    if (setup.memory_mb > 0) ::setrlimit(RLIMIT_AS, &limit);
    ::dup2(null_fd, 0);
    for (const InheritedFd& inherited : setup.fds) {
      // dup2 clears close-on-exec on the copy; a descriptor already in place keeps its flag.
      if (inherited.fd == inherited.from) {
        ::fcntl(inherited.fd, F_SETFD, 0);
      } else {
        ::dup2(inherited.from, inherited.fd);
      }
    }
    // Descriptors a caller opened without close-on-exec (an embedding program's, a plugin's)
    // are not the child's business.
    ::close_range(static_cast<unsigned>(highest) + 1, ~0U, 0);
    ::execv(argv[0], argv.data());
    ::_exit(kCannotExecute);
  }
  const int fork_errno = errno;
  ::close(null_fd);
  if (pid < 0) throw Error("cannot start " + setup.what + ": " + std::strerror(fork_errno));
  return pid;
}

}  // namespace bopp::host
