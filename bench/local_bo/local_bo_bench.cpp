// The algorithm time of the local-BO plugins at d = 50, on a cheap smooth function
// so that only the algorithm is timed: one iteration of GIBO (Müller et al.'s
// variant: the iterate, a greedy batch of up to d points, the step) and one iteration of
// LA-MinUCB (the one-shot look-ahead acquisition of its batch, then the LCB step), each with
// the sliding window full (5d = 250 points). Counter `gemm` is the time as a multiple of one
// 1000² GEMM timed in the same process. Times are CPU seconds of the process (the machines
// are shared: wall time would count other people's work).
#include "gibo.hpp"
#include "la_minucb.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <vector>

namespace {

constexpr Eigen::Index dim = 50;

double f(const Eigen::VectorXd& x) {
  return -(x.array() - 0.3).square().sum() + 0.1 * (5.0 * x.array()).sin().sum();
}

bopp::Problem problem() {
  bopp::Problem p = bopp::Problem::box(dim, 0.0, 1.0);
  p.sense = bopp::Sense::maximize;
  return p;
}

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds of one 1000² GEMM: the median of five.
double gemm_seconds() {
  static const double seconds = [] {
    const Eigen::MatrixXd A = Eigen::MatrixXd::Random(1000, 1000),
                          B = Eigen::MatrixXd::Random(1000, 1000);
    Eigen::MatrixXd C(1000, 1000);
    std::vector<double> t;
    for (int i = 0; i < 5; ++i) {
      const double start = cpu_seconds();
      C.noalias() = A * B;
      benchmark::DoNotOptimize(C.data());
      t.push_back(cpu_seconds() - start);
    }
    std::sort(t.begin(), t.end());
    return t[2];
  }();
  return seconds;
}

// One ask/tell round: evaluates what the algorithm asks (at most `max_points`).
template <class Algorithm>
std::size_t round(Algorithm& algorithm, std::size_t max_points) {
  const bopp::Points X = algorithm.ask(max_points);
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  const std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
  algorithm.tell(X, y, status);
  return static_cast<std::size_t>(X.rows());
}

void report(benchmark::State& state, double seconds_per_iteration) {
  state.SetIterationTime(seconds_per_iteration);
  state.counters["gemm"] = seconds_per_iteration / gemm_seconds();
}

// GIBO: six iterations fill the window (each at most 1 + d points), then each benchmark
// iteration is one GIBO iteration: the round of x_t, then the round of the greedy batch,
// whose tell takes the step.
void BM_GiboIteration(benchmark::State& state) {
  const bopp::Problem p = problem();
  gemm_seconds();
  bopp::gibo::Gibo gibo(p, bopp::kit::parse_config<bopp::gibo::Gibo>("", "algorithm"), 1,
                        bopp::Host());
  for (int warm = 0; warm < 6; ++warm) {
    round(gibo, 128);
    round(gibo, 128);
  }
  for (auto _ : state) {
    const double start = cpu_seconds();
    round(gibo, 128);
    round(gibo, 128);
    report(state, cpu_seconds() - start);
  }
}
BENCHMARK(BM_GiboIteration)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// LA-MinUCB with its default batch (GIBO's early-stopped batch at x_t, mostly one point once
// the gradient is known): 125 iterations fill the window; each benchmark iteration is the
// batch's round (whose tell computes the step) and the step's round (whose tell computes the
// next look-ahead batch).
void BM_LaMinUcbIteration(benchmark::State& state) {
  const bopp::Problem p = problem();
  gemm_seconds();
  bopp::minucb::LaMinUcb la(p, bopp::kit::parse_config<bopp::minucb::LaMinUcb>("", "algorithm"), 1,
                            bopp::Host());
  round(la, 128);  // the start point
  for (int warm = 0; warm < 125; ++warm) {
    round(la, 128);
    round(la, 128);
  }
  for (auto _ : state) {
    const double start = cpu_seconds();
    round(la, 128);
    round(la, 128);
    report(state, cpu_seconds() - start);
  }
}
BENCHMARK(BM_LaMinUcbIteration)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(10);

}  // namespace

BENCHMARK_MAIN();
