// The functions gpsample draws have the prior's statistics: over many seeds, paths have mean 0,
// variance σ² and the kernel's correlation; a posterior mean reproduces its training sample.
#include "gp_function.hpp"

#include <bopp/bo/kernel.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace bopp::gpsample {
namespace {

GpFunctionSpec path_spec(Eigen::Index dim, bo::KernelType kernel, double lengthscale,
                         double outputscale, std::uint64_t seed) {
  GpFunctionSpec spec;
  spec.dim = dim;
  spec.seed = seed;
  spec.kernel = kernel;
  spec.lengthscale = lengthscale;
  spec.outputscale = outputscale;
  spec.features = 256;
  spec.lower = Eigen::VectorXd::Zero(dim);
  spec.upper = Eigen::VectorXd::Ones(dim);
  return spec;
}

TEST(GpSampleStatistics, PathValuesHaveMeanZeroAndVarianceOutputscale) {
  const double outputscale = 2.5;
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  double sum = 0.0, sum_squares = 0.0;
  int n = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    const GpFunction f(path_spec(3, bo::KernelType::rbf, 0.3, outputscale, seed));
    for (int i = 0; i < 5; ++i) {
      const double y = f(Eigen::Vector3d(u(rng), u(rng), u(rng)));
      sum += y;
      sum_squares += y * y;
      ++n;
    }
  }
  const double mean = sum / n;
  const double variance = sum_squares / n - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.15 * std::sqrt(outputscale));
  EXPECT_NEAR(variance / outputscale, 1.0, 0.15);
}

// The correlation of f(x) and f(x + δ) over seeds, for the kernel's profile at |δ|/ℓ.
double empirical_correlation(bo::KernelType kernel, double distance_in_lengthscales) {
  const double lengthscale = 0.25;
  const Eigen::Vector2d x(0.3, 0.6);
  const Eigen::Vector2d delta = Eigen::Vector2d(0.6, 0.8) * distance_in_lengthscales * lengthscale;
  double sxx = 0.0, syy = 0.0, sxy = 0.0;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    const GpFunction f(path_spec(2, kernel, lengthscale, 1.0, seed));
    const double a = f(x);
    const double b = f(x + delta);
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  return sxy / std::sqrt(sxx * syy);  // the prior mean is 0
}

TEST(GpSampleStatistics, RbfPathCorrelationMatchesTheKernel) {
  for (double r : {0.5, 1.0, 2.0}) {
    const double expected = std::exp(-0.5 * r * r);
    EXPECT_NEAR(empirical_correlation(bo::KernelType::rbf, r), expected, 0.07) << "r = " << r;
  }
}

TEST(GpSampleStatistics, Matern52PathCorrelationMatchesTheKernel) {
  for (double r : {0.5, 1.5}) {
    const double s5 = std::sqrt(5.0) * r;
    const double expected = (1.0 + s5 + s5 * s5 / 3.0) * std::exp(-s5);
    EXPECT_NEAR(empirical_correlation(bo::KernelType::matern52, r), expected, 0.07) << "r = " << r;
  }
}

TEST(GpSampleStatistics, PosteriorMeanInterpolatesItsTrainingSample) {
  GpFunctionSpec spec = path_spec(2, bo::KernelType::rbf, 0.3, 1.5, 11);
  spec.kind = SampleKind::posterior_mean;
  spec.training_points = 150;
  spec.nugget = 1e-6;
  const GpFunction f(spec);
  ASSERT_EQ(f.points().rows(), 150);
  double worst = 0.0;
  for (Eigen::Index i = 0; i < f.points().rows(); ++i)
    worst = std::max(worst, std::abs(f(f.points().row(i).transpose()) - f.sampled_values()[i]));
  EXPECT_LT(worst, 0.02);
  EXPECT_GT(f.sampled_values().cwiseAbs().maxCoeff(), 0.5);  // a real sample, not zeros
}

TEST(GpSampleStatistics, DefaultNuggetSmoothsButFollowsTheSample) {
  GpFunctionSpec spec = path_spec(2, bo::KernelType::rbf, 0.3, 1.0, 12);
  spec.kind = SampleKind::posterior_mean;
  spec.training_points = 150;
  const GpFunction f(spec);
  Eigen::VectorXd at_points(f.points().rows());
  for (Eigen::Index i = 0; i < at_points.size(); ++i)
    at_points[i] = f(f.points().row(i).transpose());
  const Eigen::VectorXd a = at_points.array() - at_points.mean();
  const Eigen::VectorXd b = f.sampled_values().array() - f.sampled_values().mean();
  EXPECT_GT(a.dot(b) / (a.norm() * b.norm()), 0.8);
}

TEST(GpSampleStatistics, DefaultLengthscaleFollowsMuellerEtAl) {
  // Fan et al. 2024's gpsample setup (docs/objectives.md): ℓ ~ U(0.7·2l(d), 1.3·2l(d)) spans
  // [0.522, 0.970] at d = 25, [0.740, 1.374] at d = 50 and [1.048, 1.946] at d = 100.
  EXPECT_NEAR(default_lengthscale(2), 0.2, 1e-12);
  EXPECT_NEAR(default_lengthscale(25) * 0.7, 0.522, 0.002);
  EXPECT_NEAR(default_lengthscale(50) * 1.3, 1.374, 0.002);
  EXPECT_NEAR(default_lengthscale(100) * 0.7, 1.048, 0.002);
}

}  // namespace
}  // namespace bopp::gpsample
