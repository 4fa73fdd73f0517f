// bench/gemm_yardstick.hpp: the yardstick of an arithmetic limit, measured in the benchmark's own
// run. A quantity's limit is its flop count divided by the speed of a square matrix product
// (GEMM) of comparable size on the same BLAS, in the same precision, timed beside it; a
// benchmark reports its time as a ratio to that limit, so the ratio holds on any machine and
// under any load that does not change during the run. Times are the calling thread's CPU time:
// the toolkit runs OpenBLAS on one thread, and on a shared machine wall time counts the other
// processes too. Header-only, compiled with the consumer's Eigen configuration (link
// bopp::bench_yardstick beside bopp::bo or bopp::nn).
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <ctime>
#include <limits>
#include <vector>

namespace bopp::bench {

// CPU seconds of the calling thread.
inline double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds of the whole process, every thread (for work spread over threads that take
// turns, as the lockstep L-BFGS runs).
inline double process_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Flop per second of C = A B for n × n matrices of Scalar (2n³ flop): the best of `repeats`
// timed products after one to warm the caches and the BLAS.
template <class Scalar>
double gemm_flop_rate(Eigen::Index n, int repeats = 7) {
  using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  const Matrix A = Matrix::Random(n, n), B = Matrix::Random(n, n);
  Matrix C(n, n);
  C.noalias() = A * B;
  double best = std::numeric_limits<double>::infinity();
  // At least ~20 ms per timing, so the clock's resolution does not matter at small n.
  const int inner = std::max(1, static_cast<int>(2e7 / (2.0 * n * n * n)));
  for (int r = 0; r < repeats; ++r) {
    const double start = thread_seconds();
    for (int k = 0; k < inner; ++k) C.noalias() = A * B;
    best = std::min(best, (thread_seconds() - start) / inner);
  }
  volatile Scalar sink = C(0, 0);
  (void)sink;
  return 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n) / best;
}

// A quantity's ratio to its limit, each timing paired with a yardstick timed just before it. The
// GEMM rate of a shared machine moves by a quarter between minutes, so a yardstick timed once at
// the start can be far from the one the quantity ran at. Timings are added as they come; every
// `window` CPU seconds of them close a pair (their time against their flops at the rate timed
// before them) and time the yardstick afresh. The figure to report is the median pair. Scalar is
// the precision of the quantity's arithmetic, and so of the yardstick.
template <class Scalar = double>
class PairedLimit {
 public:
  explicit PairedLimit(Eigen::Index yardstick_n = 1000, double window = 0.25)
      : n_(yardstick_n), window_(window), rate_(gemm_flop_rate<Scalar>(n_, 3)) {}

  // One timing of the quantity: `seconds` of CPU time for `flops`. The benchmark's own clock is
  // paused while a closed pair's successor yardstick is timed.
  template <class State>
  void add(State& state, double seconds, double flops) {
    seconds_ += seconds;
    flops_ += flops;
    if (seconds_ < window_) return;
    close();
    state.PauseTiming();
    rate_ = gemm_flop_rate<Scalar>(n_, 3);
    state.ResumeTiming();
  }

  // The pairs' ratios in ascending order, the open one included if it holds a timing.
  std::vector<double> ratios() const {
    std::vector<double> all = ratios_;
    if (flops_ > 0) all.push_back(seconds_ / (flops_ / rate_));
    std::sort(all.begin(), all.end());
    return all;
  }

 private:
  void close() {
    ratios_.push_back(seconds_ / (flops_ / rate_));
    seconds_ = 0;
    flops_ = 0;
  }

  Eigen::Index n_;
  double window_;
  double rate_;
  double seconds_ = 0, flops_ = 0;
  std::vector<double> ratios_;
};

// Sets the counters limit_ratio (the median pair), limit_ratio_low and limit_ratio_high.
template <class State, class Scalar>
void report_limit(State& state, const PairedLimit<Scalar>& limit) {
  const std::vector<double> all = limit.ratios();
  if (all.empty()) return;
  const std::size_t h = all.size() / 2;
  state.counters["limit_ratio"] = all.size() % 2 == 1 ? all[h] : (all[h - 1] + all[h]) / 2;
  state.counters["limit_ratio_low"] = all.front();
  state.counters["limit_ratio_high"] = all.back();
}

}  // namespace bopp::bench
