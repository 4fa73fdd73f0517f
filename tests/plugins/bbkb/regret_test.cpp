// Short runs (400 evaluations of 120 candidates, 4 seeds): cumulative regret, computed here from
// the known function, against uniform random selection (whose expected regret per step is f* − mean
// f).
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

namespace {

using namespace bbkb_test;
using namespace bopp::bbkb;

constexpr Eigen::Index arms = 120;
constexpr std::size_t evaluations = 400;
constexpr double noise = 0.01;

struct Landscape {
  bopp::Points candidates;
  Eigen::VectorXd f;
};

// Three bumps of width 0.15 on 120 uniform points of the unit square, the highest at 1.
Landscape landscape(unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Landscape l{bopp::Points(arms, 2), Eigen::VectorXd(arms)};
  for (Eigen::Index i = 0; i < l.candidates.size(); ++i) l.candidates.data()[i] = u(rng);
  const double centres[3][3] = {{0.8, 0.75, 1.0}, {0.2, 0.3, 0.7}, {0.6, 0.15, 0.5}};
  for (Eigen::Index i = 0; i < arms; ++i) {
    double v = 0.0;
    for (const auto& c : centres) {
      const double d2 =
          std::pow(l.candidates(i, 0) - c[0], 2) + std::pow(l.candidates(i, 1) - c[1], 2);
      v += c[2] * std::exp(-d2 / (2.0 * 0.15 * 0.15));
    }
    l.f[i] = v;
  }
  return l;
}

// Cumulative regret of the run over the regret of uniform random selection.
template <class Algorithm>
double regret_ratio(Algorithm& algorithm, const Landscape& l, std::uint64_t seed,
                    std::size_t batch) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> eta(0.0, noise);
  const std::vector<Eigen::Index> rows = run(algorithm, l.candidates, evaluations, batch,
                                             [&](Eigen::Index i) { return l.f[i] + eta(rng); });
  const double best = l.f.maxCoeff();
  double regret = 0.0;
  for (const Eigen::Index i : rows) regret += best - l.f[i];
  return regret / (static_cast<double>(evaluations) * (best - l.f.mean()));
}

const std::string settings = "bandwidth = 0.15\nnoise_std = 0.01";

template <class Algorithm>
double mean_ratio(std::size_t batch, const std::string& config = settings) {
  double sum = 0.0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Landscape l = landscape(static_cast<unsigned>(100 + seed));
    Algorithm a = make<Algorithm>(candidate_problem(l.candidates), config, seed);
    sum += regret_ratio(a, l, seed, batch);
  }
  return sum / 4.0;
}

// The authors' code's width: the theorem's width (with α̃ = C̃β̃ and λ = ξ²) still explores
// most of the set in 400 steps (measured ratio 0.61 here, 0.23 with the reference width).
const std::string reference = settings + "\nwidth_schedule = \"reference\"";

TEST(BbkbRegret, FarBelowUniformRandomWithSequentialAsks) {
  const double theorem = mean_ratio<Bbkb>(1);
  const double narrow = mean_ratio<Bbkb>(1, reference);
  std::cout << "bbkb regret ratio, theorem width " << theorem << ", reference width " << narrow
            << std::endl;
  EXPECT_LT(theorem, 0.8);
  EXPECT_LT(narrow, 0.35);
}

TEST(BbkbRegret, FarBelowUniformRandomWithLargeHostBatches) {
  const double global = mean_ratio<Bbkb>(16, reference);
  const double local = mean_ratio<BbkbLocal>(16, reference);
  std::cout << "host batch 16, reference width: bbkb " << global << ", bbkb-local " << local
            << std::endl;
  EXPECT_LT(global, 0.35);
  EXPECT_LT(local, 0.35);
}

TEST(BbkbRegret, GlobalLocalNeedsFewerBatches) {
  const Landscape l = landscape(101);
  Bbkb global = make<Bbkb>(candidate_problem(l.candidates), settings, 1);
  BbkbLocal local = make<BbkbLocal>(candidate_problem(l.candidates), settings, 1);
  regret_ratio(global, l, 1, 64);
  regret_ratio(local, l, 1, 64);
  EXPECT_LT(local.batches_closed(), global.batches_closed());
}

}  // namespace
