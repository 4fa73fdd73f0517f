// The stopwatch behind run records' algorithm times: wall and process CPU time of one span.
#include <bopp/host/common/time_spent.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <thread>

namespace bopp::host {
namespace {

// CPU seconds the calling thread has used.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

TEST(Stopwatch, CountsTheWorkOfEveryThreadOfTheProcess) {
  const Stopwatch watch;
  std::thread worker([] {  // a plugin's own thread: at least 20 ms of its CPU time
    const double start = thread_cpu_seconds();
    volatile double sink = 0;
    while (thread_cpu_seconds() - start < 0.02) sink = sink + 1;
  });
  worker.join();
  const TimeSpent spent = watch.elapsed();
  EXPECT_GE(spent.cpu, 0.02);
  EXPECT_GT(spent.wall, 0.0);
}

TEST(Stopwatch, AWaitTakesWallTimeButNoCpuTime) {
  const Stopwatch watch;
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const TimeSpent spent = watch.elapsed();
  EXPECT_GE(spent.wall, 0.05);
  EXPECT_LT(spent.cpu, spent.wall / 2);
  EXPECT_GE(spent.cpu, 0.0);
}

TEST(TimeSpent, AddsAndAnUnknownPartMakesTheSumUnknown) {
  TimeSpent sum{1.0, 0.5};
  sum += {0.25, 0.125};
  EXPECT_EQ(sum.wall, 1.25);
  EXPECT_EQ(sum.cpu, 0.625);
  sum += {0.5, kUnknownSeconds};
  EXPECT_EQ(sum.wall, 1.75);
  EXPECT_TRUE(std::isnan(sum.cpu));
}

}  // namespace
}  // namespace bopp::host
