// The priors of the draws, exact at any width for one hidden layer (Dai et al. 2022, App. A):
// an untrained STO-BNTS draw f(x; θ0) + ⟨∇f(x; θ0), θ0'⟩ with θ0's last layer zeroed has the NTK
// Θ as covariance, and an untrained deep-ensemble draw the NNGP kernel K. Both kernels in
// closed form for erf (Williams 1997; the erf expectations of the NTK recursion).
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using namespace bopp::stobnts;
using stobnts_test::config;

struct Kernels {
  double ntk;
  double nngp;
};

// Θ and K of a one-hidden-layer erf network between x and z.
Kernels erf_kernels(const Eigen::Vector2d& x, const Eigen::Vector2d& z, double sw, double sb) {
  const auto sigma = [&](const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    return sw * sw * a.dot(b) / 2 + sb * sb;
  };
  const double s11 = sigma(x, x), s22 = sigma(z, z), s12 = sigma(x, z);
  const double root = std::sqrt((1 + 2 * s11) * (1 + 2 * s22));
  const double nngp = sw * sw * 2 / std::numbers::pi * std::asin(2 * s12 / root) + sb * sb;
  const double derivative =
      4 / std::numbers::pi / std::sqrt((1 + 2 * s11) * (1 + 2 * s22) - 4 * s12 * s12);
  return {nngp + sw * sw * derivative * s12, nngp};
}

// The sample covariance of the untrained draws at x and z against `expected`, within four
// standard errors.
template <class Algorithm>
void expect_prior_covariance(double (*pick)(const Kernels&)) {
  bopp::Problem unit = bopp::Problem::box(2, 0.0, 1.0);
  Algorithm algorithm(unit,
                      config<Algorithm>("n_init = 1\ndepth = 1\nwidth = 8\nactivation = \"erf\"\n"
                                        "train_passes = 0\n"),
                      1, bopp::Host());
  stobnts_test::tell(algorithm, algorithm.ask(1), [](const Eigen::VectorXd&) { return 0.0; });
  const Eigen::Vector2d x(0.3, 0.8), z(0.7, 0.1);
  Eigen::MatrixXd points(2, 2);
  points << x.transpose(), z.transpose();
  const int draws = 20000;
  Eigen::MatrixXd values(draws, 2);
  for (int s = 0; s < draws; ++s)
    values.row(s) = algorithm.sample(static_cast<std::uint64_t>(s), 0).values(points).transpose();
  const Eigen::MatrixXd centred = values.rowwise() - values.colwise().mean();
  const Eigen::Matrix2d covariance = centred.transpose() * centred / (draws - 1);
  const double sw = algorithm.settings().shape.weight_std, sb = algorithm.settings().shape.bias_std;
  const Eigen::Vector2d pts[2] = {x, z};
  for (int a = 0; a < 2; ++a)
    for (int b = a; b < 2; ++b) {
      const double expected = pick(erf_kernels(pts[a], pts[b], sw, sb));
      const double va = pick(erf_kernels(pts[a], pts[a], sw, sb));
      const double vb = pick(erf_kernels(pts[b], pts[b], sw, sb));
      const double se = std::sqrt((va * vb + expected * expected) / draws);
      EXPECT_NEAR(covariance(a, b), expected, 4 * se) << "entry " << a << b;
    }
}

TEST(StoBntsPrior, UntrainedDrawHasTheNtkAsCovariance) {
  expect_prior_covariance<StoBnts>([](const Kernels& k) { return k.ntk; });
}

TEST(DeepEnsemblePrior, UntrainedDrawHasTheNngpKernelAsCovariance) {
  expect_prior_covariance<DeepEnsemble>([](const Kernels& k) { return k.nngp; });
}

}  // namespace
