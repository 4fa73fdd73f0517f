// bbkb on the gpsample objective's finite set (a GP sample, SE lengthscale 0.2, on 256 Sobol
// points of the unit square, noise 0.01, one function per seed): over 300 evaluations its
// cumulative regret, computed from the noiseless function, is far below uniform random's.
#include "support.hpp"

#include <bopp/kit/problem.hpp>
#include <objective_module.hpp>

#include <gtest/gtest.h>

#include <iostream>

namespace {

using bopp::test::ModuleObjective;

std::string grid_config(double noise) {
  return "dim = 2\nkind = \"grid\"\ngrid = 256\nlengthscale = 0.2\nseed = -1\nnoise_std = " +
         std::to_string(noise) + "\n";
}

double regret_ratio(std::uint64_t seed) {
  const auto& objective_class = bopp::test::module_objective("gpsample", "gpsample");
  const ModuleObjective noisy(objective_class, grid_config(0.01), seed);
  const ModuleObjective exact(objective_class, grid_config(0.0), seed);
  const bopp::Problem problem = bopp::Problem::from_c(exact.problem());
  const bopp::Points& C = problem.candidates;
  // gpsample is minimized; algorithms maximize f = −value.
  // evaluate takes the points row after row.
  std::vector<double> flat(static_cast<std::size_t>(C.size()));
  for (Eigen::Index i = 0; i < C.rows(); ++i)
    for (Eigen::Index d = 0; d < C.cols(); ++d)
      flat[static_cast<std::size_t>(i * C.cols() + d)] = C(i, d);
  const std::vector<double> values = exact.evaluate(flat);
  Eigen::VectorXd f(C.rows());
  for (Eigen::Index i = 0; i < C.rows(); ++i) f[i] = -values[static_cast<std::size_t>(i)];

  auto bbkb = bbkb_test::make<bopp::bbkb::Bbkb>(
      problem, "bandwidth = 0.2\nnoise_std = 0.01\nwidth_schedule = \"reference\"", seed);
  std::uint64_t point_seed = 0;
  const auto told = [&](Eigen::Index i) {
    std::vector<double> x(static_cast<std::size_t>(C.cols()));
    for (Eigen::Index d = 0; d < C.cols(); ++d) x[static_cast<std::size_t>(d)] = C(i, d);
    return -noisy.evaluate_one(x, ++point_seed);
  };
  const auto rows = bbkb_test::run(bbkb, C, 300, 4, told);
  const double best = f.maxCoeff();
  double regret = 0.0;
  for (const Eigen::Index i : rows) regret += best - f[i];
  return regret / (300.0 * (best - f.mean()));
}

TEST(BbkbOnGpsampleGrid, CumulativeRegretFarBelowUniformRandom) {
  double sum = 0.0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) sum += regret_ratio(seed);
  std::cout << "mean regret ratio " << sum / 4.0 << std::endl;
  EXPECT_LT(sum / 4.0, 0.35);
}

}  // namespace
