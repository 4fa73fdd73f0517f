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

}  // namespace bopp::bench
