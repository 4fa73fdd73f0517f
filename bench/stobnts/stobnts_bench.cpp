// One acquisition, ask(1), of each algorithm at its defaults (L = 2, m = 256, ReLU, L-BFGS
// training to convergence, 10 000 random points and 100 L-BFGS runs) after n observations of a
// 12-D function (Lunar Lander's dimension in Dai et al. 2022), n ∈ {20, 100}; and the networks
// with 1 000 gradient-descent steps. `figure3`: one sto-bnts acquisition at Dai et al.'s Figure 3
// settings (raw targets) at n = 100, 300 and 500, trained by L-BFGS (the default, also in double)
// and by 10 000 gradient-descent steps (`figure3_gd`, and -Linear's at the same n), and without
// training (`train_steps = 0`: the draw's setup, the search and the L-BFGS runs, with the default
// 100 and with 10 of them), from which a 500-evaluation run is extrapolated (docs/stobnts.md,
// "Cost"). The counters give the draw's training passes and its training rms residual, and for
// sto-bnts the draw against its arithmetic limit: the training's passes (a forward pass, the
// weight gradients and the backward signals at every point), the search's random points (the
// network and its tangent term) and the points the L-BFGS runs refined (value and x-gradient of
// both terms, in double), each at the GEMM rate of its precision measured in the same run
// (../gemm_yardstick.hpp). Times are CPU seconds of the process (every thread); run with
// OPENBLAS_NUM_THREADS=1.
#include "algorithms.hpp"
#include "network_flops.hpp"

#include <gemm_yardstick.hpp>

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

// Keeps the last "trained" and "searched" lines a draw logs.
struct DrawLines {
  std::string trained, searched;
};

void keep_draw_lines(void* context, std::int32_t, const char* message) {
  auto& lines = *static_cast<DrawLines*>(context);
  const std::string_view text(message);
  if (text.find(" trained ") != std::string_view::npos) lines.trained.assign(message);
  if (text.find(" searched ") != std::string_view::npos) lines.searched.assign(message);
}

// The counters of a draw: its training passes and residual, and with `limit`, the draw's time
// against the arithmetic of its training, search and refinement (sto-bnts: network and tangent).
void report_draw(benchmark::State& state, const DrawLines& lines, const bopp::nn::Mlp& mlp,
                 Eigen::Index n, bool in_double, double seconds_per_draw, bool limit) {
  const auto at = lines.trained.find(" trained ");
  int passes = 0;
  double loss = 0, rms = 0;
  if (at == std::string::npos ||
      std::sscanf(lines.trained.c_str() + at,
                  " trained %d passes, loss %lf, training rms residual %lf", &passes, &loss,
                  &rms) != 3)
    return;
  state.counters["passes"] = passes;
  state.counters["residual_rms"] = rms;
  const auto searched = lines.searched.find(" searched ");
  long random = 0, refined = 0;
  if (!limit || searched == std::string::npos ||
      std::sscanf(lines.searched.c_str() + searched, " searched %ld random points, then %ld points",
                  &random, &refined) != 2)
    return;
  static const double float_rate = bopp::bench::gemm_flop_rate<float>(256);
  static const double double_rate = bopp::bench::gemm_flop_rate<double>(256);
  const double training = passes * static_cast<double>(n) * bopp::bench::step_flops_per_point(mlp);
  const double search = static_cast<double>(random) * bopp::bench::search_flops_per_point(mlp);
  const double refinement =
      static_cast<double>(refined) * bopp::bench::refinement_flops_per_point(mlp);
  const double draw_rate = in_double ? double_rate : float_rate;
  const double limit_seconds = (training + search) / draw_rate + refinement / double_rate;
  state.counters["refined_points"] = static_cast<double>(refined);
  state.counters["limit_s"] = limit_seconds;
  state.counters["limit_ratio"] = seconds_per_draw / limit_seconds;
}

template <class Algorithm>
void acquisition(benchmark::State& state, const std::string& settings, bool limit = false) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  bopp::Problem problem = bopp::Problem::box(dim, 0.0, 1.0);
  const std::string config = "n_init = " + std::to_string(n) + "\n" + settings;
  DrawLines lines;
  bopp_host host{};
  host.struct_size = sizeof host;
  host.context = &lines;
  host.log = keep_draw_lines;
  Algorithm algorithm(problem, bopp::kit::parse_config<Algorithm>(config.c_str(), "algorithm"), 1,
                      bopp::Host(&host));
  const bopp::Points X = algorithm.ask(static_cast<std::size_t>(n));
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(n), BOPP_OK));
  double seconds = 0;
  for (auto _ : state) {
    const double start = bopp::bench::process_seconds();
    benchmark::DoNotOptimize(algorithm.ask(1));
    seconds += bopp::bench::process_seconds() - start;
  }
  state.counters["parameters"] = static_cast<double>(algorithm.network().parameter_count());
  const bool in_double = settings.find("precision = \"double\"") != std::string::npos;
  report_draw(state, lines, algorithm.network(), n, in_double,
              seconds / static_cast<double>(state.iterations()), limit);
}

void sto_bnts(benchmark::State& state, const std::string& settings) {
  acquisition<bopp::stobnts::StoBnts>(state, settings, true);
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
