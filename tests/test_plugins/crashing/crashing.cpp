// libbopp-crashing.so: crashing_objective, which takes its process down on chosen points, for
// the processes evaluator's tests. On [0, 1]^2, by x0: below 0.1 a segmentation fault, below
// 0.2 abort(), below 0.3 exit(3), below 0.4 an endless loop; elsewhere x0 + x1, after
// allocating (and not touching) allocate_mb MiB. With lock_file set, each instance holds an
// exclusive lock on that file for its life and waits for it when made: the run's own instance
// takes it, so a worker's instance never finishes `create` (as a licence or a device held by
// the first instance would make it).
#include <bopp/plugin.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace {

struct CrashingObjective {
  static constexpr const char* name = "crashing_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "x0 + x1 on [0, 1]^2; x0 < 0.1 segfaults, < 0.2 aborts, < 0.3 exits 3, < 0.4 never returns";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::integer("allocate_mb", 0, "MiB allocated by every evaluation").at_least(0),
            bopp::Param::string("lock_file", "", "a file each instance locks for its life")};
  }
  CrashingObjective(const bopp::Config& config, std::uint64_t, const bopp::Host&)
      : allocate_mb(config.integer("allocate_mb")) {
    const std::string lock_file = config.string("lock_file");
    if (lock_file.empty()) return;
    lock_fd = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd < 0 || ::flock(lock_fd, LOCK_EX) != 0) throw std::runtime_error("cannot lock");
  }
  ~CrashingObjective() {
    if (lock_fd >= 0) ::close(lock_fd);
  }
  CrashingObjective(const CrashingObjective&) = delete;
  CrashingObjective& operator=(const CrashingObjective&) = delete;
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (x[0] < 0.1) {
      // A segfault as the kernel delivers it. Raised rather than made by a null store, which
      // the sanitizer build reports and turns into exit status 1; the default disposition
      // first, since a sanitizer runtime installs its own handler.
      std::signal(SIGSEGV, SIG_DFL);
      std::raise(SIGSEGV);
    }
    if (x[0] < 0.2) std::abort();
    if (x[0] < 0.3) std::exit(3);
    if (x[0] < 0.4) {
      volatile unsigned long spins = 0;
      for (;;) spins = spins + 1;
    }
    // Throws std::bad_alloc beyond an address-space limit: a failed evaluation, not a crash.
    // Held in a volatile pointer: the compiler may not leave a new/delete pair out.
    char* volatile block = new char[static_cast<std::size_t>(allocate_mb) << 20];
    delete[] block;
    return x[0] + x[1];
  }
  std::int64_t allocate_mb;
  int lock_fd = -1;
};

}  // namespace

BOPP_PLUGIN_LIBRARY("crashing", "1.0.0", bopp::Objective<CrashingObjective>)
