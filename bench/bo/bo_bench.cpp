// Benchmarks of the GP toolkit at the sizes the toolkit is accepted at (docs/toolkit.md):
// hyperparameter fitting at n = 250…2000 (d = 10, ARD Matérn 5/2, learned noise, one L-BFGS start),
// the posterior mean and variance at 10 000 points (n = 1000), one acquisition optimization, and
// the machine's single-core GEMM rate (the yardstick of the triangular solve's n²·m flops).
//
// Data: when BOPP_BENCH_DATA names a folder, X_<n>.csv / y_<n>.csv / Xs.csv are read from
// it (compare_sklearn.py writes them, so both libraries see the same numbers); otherwise
// the same kind of data is generated here.
#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/posterior_batch.hpp>

#include <benchmark/benchmark.h>

#include <gemm_yardstick.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bopp::bo;
constexpr Eigen::Index dim = 10;

Eigen::MatrixXd read_csv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<double>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<double> row;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) row.push_back(std::stod(cell));
    if (!row.empty()) rows.push_back(row);
  }
  Eigen::MatrixXd M(static_cast<Eigen::Index>(rows.size()),
                    rows.empty() ? 0 : static_cast<Eigen::Index>(rows[0].size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      M(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
  return M;
}

// A smooth test function of 10 inputs with a little noise.
void data(Eigen::Index n, Eigen::MatrixXd& X, Eigen::VectorXd& y) {
  if (const char* dir = std::getenv("BOPP_BENCH_DATA")) {
    X = read_csv(std::string(dir) + "/X_" + std::to_string(n) + ".csv");
    y = read_csv(std::string(dir) + "/y_" + std::to_string(n) + ".csv").col(0);
    return;
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(n));
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> noise(0, 0.05);
  X.resize(n, dim);
  y.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < dim; ++j) X(i, j) = u(rng);
    y[i] = std::sin(6 * X(i, 0)) + X(i, 1) * X(i, 2) + std::cos(3 * X(i, 3) + X(i, 4)) + noise(rng);
  }
}

Eigen::MatrixXd test_points(Eigen::Index m) {
  if (const char* dir = std::getenv("BOPP_BENCH_DATA"))
    return read_csv(std::string(dir) + "/Xs.csv");
  return (Eigen::MatrixXd::Random(m, dim).array() + 1) / 2;
}

GaussianProcess model(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  GaussianProcess gp(Kernel(KernelType::matern52, dim), Eigen::VectorXd::Zero(dim),
                     Eigen::VectorXd::Ones(dim));
  gp.condition(X, y);
  return gp;
}

// Arguments: n, the evaluation cap per start, and FitOptions::subset_size (0: every
// evaluation on all n points). Counters: likelihood evaluations on all the data and on the
// subset, and the log marginal likelihood per point reached.
void BM_FitHyperparameters(benchmark::State& state) {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  data(state.range(0), X, y);
  FitOptions options;
  options.random_restarts = 0;
  options.max_evaluations = static_cast<int>(state.range(1));
  options.subset_size = static_cast<int>(state.range(2));
  FitResult result;
  for (auto _ : state) {
    GaussianProcess gp = model(X, y);
    result = fit_hyperparameters(gp, options, 1);
  }
  state.counters["evaluations"] = result.evaluations;
  state.counters["subset_evaluations"] = result.subset_evaluations;
  state.counters["lml_per_point"] = result.objective / static_cast<double>(state.range(0));
}
BENCHMARK(BM_FitHyperparameters)
    ->ArgNames({"n", "max_evals", "subset"})
    ->Args({250, 50, 500})
    ->Args({500, 50, 500})
    ->Args({1000, 50, 0})
    ->Args({1000, 50, 500})
    ->Args({2000, 50, 0})
    ->Args({2000, 50, 500})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// One log-marginal-likelihood-and-gradient evaluation at n points in d dimensions, timed as
// a fit of a fixed number of evaluations on all the data divided by that number (the
// evaluations reuse one workspace, as every fit's do). Its arithmetic limit: the Cholesky
// factor n³/3, K⁻¹ from it 2n³/3, the distances n²d (a SYRK) and the lengthscale gradient's
// product M V 2n²d flops; the counter `flops` is their rate, limit_ratio the time against it at
// the GEMM rate timed beside each fit.
void BM_LikelihoodAndGradient(benchmark::State& state) {
  const Eigen::Index n = state.range(0), d = state.range(1);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  Eigen::MatrixXd X(n, d);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = u(rng);
    y[i] = std::sin(6 * X(i, 0)) + X(i, 1) * X(i, 2) + 0.05 * u(rng);
  }
  FitOptions options;
  options.random_restarts = 0;
  options.max_evaluations = 10;
  options.relative_tolerance = 0;
  options.subset_size = 0;
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  const double per_evaluation = nn * nn * nn + 3 * nn * nn * dd;
  bopp::bench::PairedLimit limit;
  int evaluations = 0;
  for (auto _ : state) {
    state.PauseTiming();
    GaussianProcess gp(Kernel(KernelType::matern52, d), Eigen::VectorXd::Zero(d),
                       Eigen::VectorXd::Ones(d));
    gp.condition(X, y);
    state.ResumeTiming();
    const double start = bopp::bench::process_seconds();
    const int fit_evaluations = fit_hyperparameters(gp, options, 1).evaluations;
    limit.add(state, bopp::bench::process_seconds() - start, per_evaluation * fit_evaluations);
    evaluations += fit_evaluations;
  }
  bopp::bench::report_limit(state, limit);
  state.counters["evaluations"] = evaluations;
  state.counters["flops"] =
      benchmark::Counter(per_evaluation * evaluations, benchmark::Counter::kIsRate);
  state.counters["seconds_per_evaluation"] = benchmark::Counter(
      static_cast<double>(evaluations), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_LikelihoodAndGradient)
    ->ArgNames({"n", "d"})
    ->Args({200, 100})
    ->Args({400, 20})
    ->Args({400, 100})
    ->Args({1000, 20})
    ->Args({1000, 100})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(4);

// The posterior mean and variance at m points, n observations. Its limit is the variance's
// triangular product, n²m flops, at the GEMM rate timed beside each prediction.
void BM_PredictMeanVariance(benchmark::State& state) {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  data(state.range(0), X, y);
  const GaussianProcess gp = model(X, y);
  const Eigen::MatrixXd Xs = test_points(state.range(1));
  const double n = static_cast<double>(state.range(0)), m = static_cast<double>(Xs.rows());
  bopp::bench::PairedLimit limit;
  for (auto _ : state) {
    const double start = bopp::bench::thread_seconds();
    benchmark::DoNotOptimize(gp.predict(Xs).variance.data());
    limit.add(state, bopp::bench::thread_seconds() - start, n * n * m);
  }
  state.counters["solve_flops"] =
      benchmark::Counter(n * n * m, benchmark::Counter::kIsIterationInvariantRate);
  bopp::bench::report_limit(state, limit);
}
BENCHMARK(BM_PredictMeanVariance)
    ->ArgNames({"n", "m"})
    ->Args({1000, 10000})
    ->Unit(benchmark::kMillisecond);

// The posterior and its gradients at k points at once (PosteriorBatch: a lockstep round of the
// acquisition search is one such call, k the number of starts still running), n points in d
// dimensions. Its limit is the acquisition's per point with a gradient, 2n² + 6nd flops, at the
// GEMM rate timed beside each timing (PairedLimit).
void BM_PosteriorBatch(benchmark::State& state) {
  const Eigen::Index n = state.range(0), d = state.range(1), k = state.range(2);
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(0, 1);
  Eigen::MatrixXd X(n, d), points(k, d);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = u(rng);
    y[i] = std::sin(6 * X(i, 0)) + X(i, 1) * X(i, 2) + 0.05 * u(rng);
  }
  for (Eigen::Index i = 0; i < k; ++i)
    for (Eigen::Index j = 0; j < d; ++j) points(i, j) = u(rng);
  GaussianProcess gp(Kernel(KernelType::matern52, d), Eigen::VectorXd::Zero(d),
                     Eigen::VectorXd::Ones(d));
  gp.condition(X, y);
  PosteriorBatch batch(gp);
  batch.evaluate(points);  // forms L⁻¹ and grows the buffers
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  const double flops = static_cast<double>(k) * (2 * nn * nn + 6 * nn * dd);
  bopp::bench::PairedLimit limit;
  for (auto _ : state) {
    const double start = bopp::bench::thread_seconds();
    batch.evaluate(points);
    limit.add(state, bopp::bench::thread_seconds() - start, flops);
    benchmark::DoNotOptimize(batch.variance().data());
  }
  bopp::bench::report_limit(state, limit);
}
BENCHMARK(BM_PosteriorBatch)
    ->ArgNames({"n", "d", "k"})
    ->ArgsProduct({{1000}, {20, 100}, {1, 10, 40}})
    ->Unit(benchmark::kMicrosecond);

// Counts the points an acquisition is evaluated at, with and without gradients.
class CountedAcquisition : public Acquisition {
 public:
  explicit CountedAcquisition(const Acquisition& inner) : inner_(inner) {}
  Eigen::Index dim() const override { return inner_.dim(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override {
    plain += static_cast<double>(X.rows());
    return inner_.values(X);
  }
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const override {
    (gradient != nullptr ? with_gradient : plain) += 1;
    return inner_.value(x, gradient);
  }
  void values_with_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                             Eigen::MatrixXd& gradients) const override {
    with_gradient += static_cast<double>(X.rows());
    inner_.values_with_gradients(X, values, gradients);
  }
  mutable double plain = 0, with_gradient = 0;

 private:
  const Acquisition& inner_;
};

// Four optimizations of log EI (512 raw samples, 10 L-BFGS starts of up to 100 evaluations) at n
// points in d dimensions, seeds 1-4, the starts one after another (starts = 0), stacked into one
// problem (1) or in lockstep (2); `value` is the mean of the maxima they reach (the quality of
// the three, side by side).
// The limit: the posterior's arithmetic at the points evaluated, at the GEMM rate timed beside
// each optimization, against the CPU time of every thread: n² + 2nd flops for a value (one
// triangular solve and the distances), 2n² + 6nd with the gradient (two solves, the distances, two
// products with the data).
void BM_OptimizeAcquisition(benchmark::State& state) {
  const Eigen::Index n = state.range(0), d = state.range(1);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  Eigen::MatrixXd X(n, d);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = u(rng);
    y[i] = std::sin(6 * X(i, 0)) + X(i, 1) * X(i, 2) + 0.05 * u(rng);
  }
  GaussianProcess gp(Kernel(KernelType::matern52, d), Eigen::VectorXd::Zero(d),
                     Eigen::VectorXd::Ones(d));
  gp.condition(X, y);
  const LogExpectedImprovement logei(gp, y.maxCoeff());
  const CountedAcquisition counted(logei);
  AcquisitionOptimizerOptions options;
  options.batch_starts = state.range(2) == 1;
  options.lockstep_starts = state.range(2) == 2;
  const double nn = static_cast<double>(n) * static_cast<double>(n),
               nd = static_cast<double>(n * d);
  const auto flops = [&] {
    return counted.plain * (nn + 2 * nd) + counted.with_gradient * (2 * nn + 6 * nd);
  };
  bopp::bench::PairedLimit limit;
  double value = 0;
  for (auto _ : state) {
    value = 0;
    const double flops_before = flops();
    const double start = bopp::bench::process_seconds();
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
      value += maximize_acquisition(counted, gp.lower(), gp.upper(), options, seed).value / 4;
    limit.add(state, bopp::bench::process_seconds() - start, flops() - flops_before);
  }
  const double runs = static_cast<double>(state.iterations());
  state.counters["value"] = value;
  state.counters["points"] = (counted.plain + counted.with_gradient) / runs;
  bopp::bench::report_limit(state, limit);
}
BENCHMARK(BM_OptimizeAcquisition)
    ->ArgNames({"n", "d", "starts"})
    ->ArgsProduct({{250}, {10}, {0, 1, 2}})
    ->ArgsProduct({{1000}, {20, 100}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond);

// C = A B for square n × n: 2n³ flops; the single-core rate the solve is measured against.
void BM_Gemm(benchmark::State& state) {
  const Eigen::Index n = state.range(0);
  const Eigen::MatrixXd A = Eigen::MatrixXd::Random(n, n), B = Eigen::MatrixXd::Random(n, n);
  Eigen::MatrixXd C(n, n);
  for (auto _ : state) {
    C.noalias() = A * B;
    benchmark::DoNotOptimize(C.data());
  }
  state.counters["flops"] = benchmark::Counter(2.0 * std::pow(static_cast<double>(n), 3),
                                               benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Gemm)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
