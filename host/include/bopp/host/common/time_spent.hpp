// bopp/host/common/time_spent.hpp: how long a span took on the wall clock and in the process's
// CPU time, as run records give the algorithm's time (docs/run-record.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>
#include <limits>

namespace bopp::host {

// A CPU time nobody measured: a record's line written before CPU times were kept, or an
// asynchronous run's, whose evaluations run beside its asks. A sum with such a part is unknown.
inline constexpr double kUnknownSeconds = std::numeric_limits<double>::quiet_NaN();

// Wall and CPU seconds of a span, or of several added up. The CPU time is the whole process's,
// every thread's: a plugin's own threads count, a wait for a lock or a sleep does not, and
// neither does the time other programs took the core. So on a shared machine it is the steadier
// measure of what an algorithm costs; the wall time is what a user waits.
struct TimeSpent {
  double wall = 0.0;
  double cpu = 0.0;

  TimeSpent& operator+=(const TimeSpent& other) {
    wall += other.wall;
    cpu += other.cpu;
    return *this;
  }
};

// The CPU time the process has used so far, all its threads, in nanoseconds.
inline std::int64_t process_cpu_nanoseconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// Times a span from its construction to each call of elapsed(). The CPU clock's difference is
// taken in whole nanoseconds, so a short span reads as its count, not as the rounding of two
// large totals.
class Stopwatch {
 public:
  Stopwatch() : wall_(std::chrono::steady_clock::now()), cpu_(process_cpu_nanoseconds()) {}

  TimeSpent elapsed() const {
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count(),
            static_cast<double>(process_cpu_nanoseconds() - cpu_) / 1e9};
  }

 private:
  std::chrono::steady_clock::time_point wall_;
  std::int64_t cpu_;
};

}  // namespace bopp::host
