// One acquisition, ask(1), of each algorithm at its defaults (L = 2, m = 256, ReLU, L-BFGS
// training to convergence, 10 000 random points and 100 L-BFGS runs) after n observations of a
// 12-D function (Lunar Lander's dimension in Dai et al. 2022), n ∈ {20, 100}; and the networks
// with 1 000 gradient-descent steps. `figure3`: one sto-bnts acquisition at Dai et al.'s Figure 3
// settings (raw targets) at n = 100, 300 and 500, trained by L-BFGS (the default, also in double)
// and by 10 000 gradient-descent steps (`figure3_gd`, and -Linear's at the same n), and without
// training (`train_steps = 0`: the draw's setup, the search and the L-BFGS runs, with the default
// 100 and with 10 of them), from which a 500-evaluation run is extrapolated (docs/stobnts.md,
// "Cost"). The counters give the draw's training passes and its training rms residual. Times are
// CPU seconds of the process; run with OPENBLAS_NUM_THREADS=1.
#include "algorithms.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr Eigen::Index dim = 12;

double f(const Eigen::VectorXd& x) {
  return -(x.array() - 0.3).square().sum() + 0.1 * (5.0 * x.array()).sin().sum();
}

// Keeps the last "trained" line a draw logs: its passes and training rms residual.
void keep_training_line(void* context, std::int32_t, const char* message) {
  if (std::string_view(message).find(" trained ") != std::string_view::npos)
    static_cast<std::string*>(context)->assign(message);
}

void report_training(benchmark::State& state, const std::string& line) {
  const auto at = line.find(" trained ");
  int passes = 0;
  double loss = 0, rms = 0;
  if (at != std::string::npos &&
      std::sscanf(line.c_str() + at, " trained %d passes, loss %lf, training rms residual %lf",
                  &passes, &loss, &rms) == 3) {
    state.counters["passes"] = passes;
    state.counters["residual_rms"] = rms;
  }
}

template <class Algorithm>
void acquisition(benchmark::State& state, const std::string& settings) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  bopp::Problem problem = bopp::Problem::box(dim, 0.0, 1.0);
  const std::string config = "n_init = " + std::to_string(n) + "\n" + settings;
  std::string training_line;
  bopp_host host{};
  host.struct_size = sizeof host;
  host.context = &training_line;
  host.log = keep_training_line;
  Algorithm algorithm(problem, bopp::kit::parse_config<Algorithm>(config.c_str(), "algorithm"), 1,
                      bopp::Host(&host));
  const bopp::Points X = algorithm.ask(static_cast<std::size_t>(n));
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(n), BOPP_OK));
  for (auto _ : state) benchmark::DoNotOptimize(algorithm.ask(1));
  state.counters["parameters"] = static_cast<double>(algorithm.network().parameter_count());
  report_training(state, training_line);
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
    ->Arg(100)
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
BENCHMARK_CAPTURE(sto_bnts, figure3_double,
                  std::string("y_transform = \"none\"\nprecision = \"double\"\n"))
    ->Arg(100)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts, figure3_gd, std::string("y_transform = \"none\"\ntraining = \"gd\"\n"))
    ->Arg(100)
    ->Arg(300)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts, figure3_untrained,
                  std::string("y_transform = \"none\"\ntraining = \"gd\"\ntrain_steps = 0\n"))
    ->Arg(100)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(3);
BENCHMARK_CAPTURE(sto_bnts, figure3_untrained_restarts_10,
                  std::string("y_transform = \"none\"\ntraining = \"gd\"\ntrain_steps = 0\n"
                              "acq_restarts = 10\n"))
    ->Arg(100)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(3);
BENCHMARK_CAPTURE(sto_bnts, steps_1000, std::string("training = \"gd\"\ntrain_steps = 1000\n"))
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
BENCHMARK_CAPTURE(sto_bnts_linear, figure3_gd,
                  std::string("y_transform = \"none\"\nlinear_solver = \"gd\"\n"))
    ->Arg(100)
    ->Arg(300)
    ->Arg(500)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(sto_bnts_linear, lbfgs, std::string("linear_solver = \"lbfgs\"\n"))
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(deep_ensemble, defaults, std::string())
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(deep_ensemble, steps_1000, std::string("training = \"gd\"\ntrain_steps = 1000\n"))
    ->Arg(20)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime()
    ->Iterations(1);

BENCHMARK_MAIN();
