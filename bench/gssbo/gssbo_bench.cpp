// One gssbo iteration (the tell of one point, then the ask of the next) after n observations,
// n ∈ {100, 200, 400, 800}, d = 6: with the default buffer (M = 100) and pilot gradients, with
// the default exact gradients, and with buffer_mode = "none" (full GP-UCB, the same code without
// selection). gssbo's time with pilot gradients should be flat in n once the buffer is full;
// the exact gradients add one O(n³) factorization; full GP-UCB's grows like n³ with its fits. Times
// are CPU seconds of the process (the machines are shared); run with OPENBLAS_NUM_THREADS=1.
#include "gssbo.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr Eigen::Index dim = 6;

double f(const Eigen::VectorXd& x) {
  return -(x.array() - 0.3).square().sum() + 0.1 * (5.0 * x.array()).sin().sum();
}

bopp::Problem problem() {
  bopp::Problem p = bopp::Problem::box(dim, 0.0, 1.0);
  p.sense = bopp::Sense::maximize;
  return p;
}

void tell(bopp::gssbo::Gssbo& algorithm, const bopp::Points& X) {
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
}

// The algorithm after the design and n − 20 uniform points told at once, with its next point.
void iteration(benchmark::State& state, const std::string& settings) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  bopp::gssbo::Gssbo gssbo(
      problem(), bopp::kit::parse_config<bopp::gssbo::Gssbo>(settings.c_str(), "algorithm"), 1,
      bopp::Host());
  tell(gssbo, gssbo.ask(20));
  tell(gssbo, (Eigen::MatrixXd::Random(n - 20, dim).array() + 1) / 2);
  bopp::Points next = gssbo.ask(1);
  for (auto _ : state) {
    tell(gssbo, next);
    next = gssbo.ask(1);
    benchmark::DoNotOptimize(next.data());
  }
  state.counters["n"] = static_cast<double>(n);
}

void gssbo_m100_pilot(benchmark::State& state) {
  iteration(state, "buffer_size = 100\ngradient_source = \"pilot\"");
}
void gssbo_m100_exact(benchmark::State& state) { iteration(state, "buffer_size = 100"); }
void full_gp_ucb(benchmark::State& state) { iteration(state, "buffer_mode = \"none\""); }

}  // namespace

BENCHMARK(gssbo_m100_pilot)
    ->Arg(100)
    ->Arg(200)
    ->Arg(400)
    ->Arg(800)
    ->Iterations(10)
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(gssbo_m100_exact)
    ->Arg(100)
    ->Arg(200)
    ->Arg(400)
    ->Arg(800)
    ->Iterations(10)
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(full_gp_ucb)
    ->Arg(100)
    ->Arg(200)
    ->Arg(400)
    ->Arg(800)
    ->Iterations(3)
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
