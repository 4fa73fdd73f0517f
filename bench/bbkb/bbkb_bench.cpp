// One ask(1) and its tell, after n evaluations, of bbkb and of gp-ucb on 2 000 uniform
// candidates of the unit square (a smooth three-bump function, noise 0.01, h = 0.15, the
// reference width), n ∈ {100, 400, 1 600}. bbkb's time per step includes
// its share of the batch ends (re-embedding and resparsification); its dictionary size is the
// counter `dictionary`. Run with OPENBLAS_NUM_THREADS=1.
#include "algorithms.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

constexpr Eigen::Index arms = 2000;

struct Landscape {
  bopp::Problem problem;
  Eigen::VectorXd f;
};

Landscape landscape() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Landscape l;
  l.problem.candidates.resize(arms, 2);
  for (Eigen::Index i = 0; i < l.problem.candidates.size(); ++i)
    l.problem.candidates.data()[i] = u(rng);
  l.problem.lower = Eigen::VectorXd::Zero(2);
  l.problem.upper = Eigen::VectorXd::Ones(2);
  l.f.resize(arms);
  for (Eigen::Index i = 0; i < arms; ++i) {
    const Eigen::RowVectorXd x = l.problem.candidates.row(i);
    l.f[i] = std::exp(-(x.array() - 0.8).square().sum() / 0.045) +
             0.7 * std::exp(-(x.array() - 0.25).square().sum() / 0.045);
  }
  return l;
}

template <class Algorithm>
void step(Algorithm& algorithm, const Landscape& l, std::mt19937_64& rng) {
  std::normal_distribution<double> eta(0.0, 0.01);
  const bopp::Points X = algorithm.ask(1);
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    Eigen::Index i = 0;
    (l.problem.candidates.rowwise() - X.row(r)).rowwise().squaredNorm().minCoeff(&i);
    y[r] = l.f[i] + eta(rng);
  }
  algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
}

template <class Algorithm>
void ask_tell(benchmark::State& state) {
  const Landscape l = landscape();
  const std::string config = "bandwidth = 0.15\nnoise_std = 0.01\nwidth_schedule = \"reference\"";
  Algorithm algorithm(l.problem, bopp::kit::parse_config<Algorithm>(config.c_str(), "algorithm"), 1,
                      bopp::Host());
  std::mt19937_64 rng(3);
  for (std::int64_t t = 0; t < state.range(0); ++t) step(algorithm, l, rng);
  for (auto _ : state) step(algorithm, l, rng);
  if constexpr (std::is_same_v<Algorithm, bopp::bbkb::Bbkb>) {
    state.counters["dictionary"] = static_cast<double>(algorithm.dictionary_size());
    state.counters["batches"] = static_cast<double>(algorithm.batches_closed());
  }
}

}  // namespace

BENCHMARK_TEMPLATE(ask_tell, bopp::bbkb::Bbkb)
    ->Arg(100)
    ->Arg(400)
    ->Arg(1600)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(50);
// The exact GP's steps grow like the distinct arms pulled (a row of K(U, A) each), not like n.
BENCHMARK_TEMPLATE(ask_tell, bopp::bbkb::GpUcb)
    ->Arg(100)
    ->Arg(400)
    ->Arg(1600)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10);

BENCHMARK_MAIN();
