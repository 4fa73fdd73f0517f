// The networks of STO-BNTS against their arithmetic limit, at the network of Dai et al.'s Figure 3
// (d = 12, 2 hidden layers of 256 ReLU units, p = 69 377): one training step at n = 100 and 500
// observations, in float and double (NetworkTraining) and through the generic path
// (train_regularized on network_fit, double), and the 10 000-point random search of one sto-bnts
// draw (the network and its tangent term), in float and double. Each reports its time per step or
// search (CPU time of the thread), its limit = flop count / GEMM rate (a square GEMM of 256 in the
// same precision, timed beside it: ../gemm_yardstick.hpp) and the ratio. OPENBLAS_NUM_THREADS=1.
#include "algorithms.hpp"

#include "network_flops.hpp"

#include <gemm_yardstick.hpp>

#include <bopp/nn/network_training.hpp>
#include <bopp/nn/tangent_models.hpp>

#include <benchmark/benchmark.h>

#include <random>
#include <type_traits>
#include <vector>

namespace {

using bopp::bench::PairedLimit;
using bopp::bench::report_limit;
using bopp::bench::search_flops_per_point;
using bopp::bench::step_flops_per_point;
using bopp::bench::thread_seconds;
namespace nn = bopp::nn;

constexpr Eigen::Index dim = 12;
constexpr Eigen::Index yardstick_size = 256;
constexpr int steps_per_training = 20;

nn::Mlp figure3_network() {
  nn::MlpShape shape;
  shape.input_dim = dim;
  return nn::Mlp(shape);  // depth 2, width 256, ReLU: the defaults
}

struct TrainingData {
  Eigen::MatrixXd X;
  Eigen::VectorXd y, offsets, theta0;
};

TrainingData training_data(const nn::Mlp& mlp, Eigen::Index n) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(n));
  std::uniform_real_distribution<double> u;
  std::normal_distribution<double> normal;
  TrainingData d;
  d.X = Eigen::MatrixXd::NullaryExpr(n, dim, [&] { return u(rng); });
  d.y = Eigen::VectorXd::NullaryExpr(n, [&] { return normal(rng); });
  d.offsets = Eigen::VectorXd::NullaryExpr(n, [&] { return 0.1 * normal(rng); });
  d.theta0 = Eigen::VectorXd::NullaryExpr(mlp.parameter_count(), [&] { return normal(rng); });
  return d;
}

// `train` runs steps_per_training steps from θ0 and returns the evaluations it made (steps + 1).
// The limit pairs each quarter second of training with a yardstick timed just before it.
template <class Scalar, class Train>
void time_training(benchmark::State& state, const nn::Mlp& mlp, Eigen::Index n, Train train) {
  const double flops_per_step = step_flops_per_point(mlp) * static_cast<double>(n);
  PairedLimit<Scalar> limit(yardstick_size);
  double seconds = 0;
  long evaluations = 0;
  for (auto _ : state) {
    const double start = thread_seconds();
    const long made = train();
    const double elapsed = thread_seconds() - start;
    state.SetIterationTime(elapsed);
    limit.add(state, elapsed, flops_per_step * static_cast<double>(made));
    seconds += elapsed;
    evaluations += made;
  }
  state.counters["ms_per_step"] = 1e3 * seconds / static_cast<double>(evaluations);
  report_limit(state, limit);
}

nn::TrainingOptions options_for(const nn::Mlp& mlp) {
  nn::TrainingOptions options;
  options.max_steps = steps_per_training;
  options.step_scales = mlp.standard_parameterization_steps();
  return options;
}

template <class Scalar>
void training_step(benchmark::State& state) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  const nn::Mlp mlp = figure3_network();
  const TrainingData d = training_data(mlp, n);
  const nn::TrainingOptions options = options_for(mlp);
  nn::NetworkTraining<Scalar> training(mlp, d.X, d.y, d.offsets, 1.0);
  time_training<Scalar>(state, mlp, n, [&] {
    const nn::TrainingResult r = training.train(0.01, d.theta0, d.theta0, options);
    benchmark::DoNotOptimize(r.theta.data());
    return r.steps + 1;
  });
}

// The generic path, a std::function fit that allocates its passes every step.
void training_step_generic(benchmark::State& state) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  const nn::Mlp mlp = figure3_network();
  const TrainingData d = training_data(mlp, n);
  const nn::TrainingOptions options = options_for(mlp);
  const nn::SquaredErrorFit fit = nn::network_fit(mlp, d.X, d.y, d.offsets, 1.0);
  time_training<double>(state, mlp, n, [&] {
    const nn::TrainingResult r = nn::train_regularized(fit, n, 0.01, d.theta0, d.theta0, options);
    benchmark::DoNotOptimize(r.theta.data());
    return r.steps + 1;
  });
}

// The values of one sto-bnts draw (trained 10 steps on n = 100) at 10 000 uniform points, what
// the search of an acquisition evaluates before its L-BFGS runs: in float (search_values, the
// default) or in double (values).
template <class Scalar>
void random_search(benchmark::State& state) {
  const auto points = static_cast<Eigen::Index>(state.range(0));
  const bopp::Problem problem = bopp::Problem::box(dim, 0.0, 1.0);
  bopp::stobnts::StoBnts algorithm(problem,
                                   bopp::kit::parse_config<bopp::stobnts::StoBnts>(
                                       "n_init = 100\ntrain_steps = 10\n", "algorithm"),
                                   1, bopp::Host());
  const bopp::Points X = algorithm.ask(100);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u;
  const Eigen::VectorXd y = Eigen::VectorXd::NullaryExpr(X.rows(), [&] { return u(rng); });
  algorithm.tell(X, y, std::vector<std::int32_t>(100, BOPP_OK));
  const bopp::stobnts::NetworkSample draw = algorithm.sample(0, 0);
  const Eigen::MatrixXd Z = Eigen::MatrixXd::NullaryExpr(points, dim, [&] { return u(rng); });
  const double flops_per_search =
      search_flops_per_point(algorithm.network()) * static_cast<double>(points);
  PairedLimit<Scalar> limit(yardstick_size);
  double seconds = 0;
  long searches = 0;
  for (auto _ : state) {
    const double start = thread_seconds();
    if constexpr (std::is_same_v<Scalar, float>) {
      benchmark::DoNotOptimize(draw.search_values(Z).data());
    } else {
      benchmark::DoNotOptimize(draw.values(Z).data());
    }
    const double elapsed = thread_seconds() - start;
    state.SetIterationTime(elapsed);
    limit.add(state, elapsed, flops_per_search);
    seconds += elapsed;
    ++searches;
  }
  state.counters["ms_per_search"] = 1e3 * seconds / static_cast<double>(searches);
  report_limit(state, limit);
}

}  // namespace

BENCHMARK_TEMPLATE(training_step, float)
    ->Arg(100)
    ->Arg(500)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(training_step, double)
    ->Arg(100)
    ->Arg(500)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(training_step_generic)
    ->Arg(100)
    ->Arg(500)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(random_search, float)
    ->Arg(10000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(random_search, double)
    ->Arg(10000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
