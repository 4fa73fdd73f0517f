// One acquisition, ask(1), of each algorithm at its defaults (L = 2, m = 256, ReLU, 10 000 GD
// steps, 10 000 random points and 10 L-BFGS runs) after n observations of a 12-D function
// (Lunar Lander's dimension in Dai et al. 2022), n ∈ {20, 100} (sto-bnts at 10 000 steps: n = 20
// only, since training grows like n × steps); and the networks with 1 000 steps. `figure3`: one
// sto-bnts acquisition at Dai et al.'s Figure 3 settings (the defaults, raw targets) at
// n = 100, 300 and 500, whole and without training (`train_steps = 0`: the draw's setup, the
// search and the L-BFGS runs), from which a 500-evaluation run is extrapolated
// (docs/stobnts.md, "Cost"). Times are CPU seconds of the process; run with
// OPENBLAS_NUM_THREADS=1.
#include "algorithms.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

constexpr Eigen::Index dim = 12;

double f(const Eigen::VectorXd& x) {
  return -(x.array() - 0.3).square().sum() + 0.1 * (5.0 * x.array()).sin().sum();
}

template <class Algorithm>
void acquisition(benchmark::State& state, const std::string& settings) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  bopp::Problem problem = bopp::Problem::box(dim, 0.0, 1.0);
  const std::string config = "n_init = " + std::to_string(n) + "\n" + settings;
  Algorithm algorithm(problem, bopp::kit::parse_config<Algorithm>(config.c_str(), "algorithm"), 1,
                      bopp::Host());
  const bopp::Points X = algorithm.ask(static_cast<std::size_t>(n));
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(n), BOPP_OK));
  for (auto _ : state) benchmark::DoNotOptimize(algorithm.ask(1));
  state.counters["parameters"] = static_cast<double>(algorithm.network().parameter_count());
}

void sto_bnts(benchmark::State& state, const std::string& settings) {
  acquisition<bopp::stobnts::StoBnts>(state, settings);
}
void sto_bnts_linear(benchmark::State& state, const std::string& settings) {
  acquisition<bopp::stobnts::StoBntsLinear>(state, settings);
}
void deep_ensemble(benchmark::State& state, const std::string& settings) {
  acquisition<bopp::stobnts::DeepEnsemble>(state, settings);
}

}  // namespace

BENCHMARK_CAPTURE(sto_bnts, defaults, std::string())
    ->Arg(20)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts, figure3, std::string("y_transform = \"none\"\n"))
    ->Arg(100)
    ->Arg(300)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts, figure3_untrained,
                  std::string("y_transform = \"none\"\ntrain_steps = 0\n"))
    ->Arg(100)
    ->Arg(300)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(3);
BENCHMARK_CAPTURE(sto_bnts, steps_1000, std::string("train_steps = 1000\n"))
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts_linear, defaults, std::string())
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(3);
BENCHMARK_CAPTURE(deep_ensemble, steps_1000, std::string("train_steps = 1000\n"))
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);

BENCHMARK_MAIN();
