// Weight-space posterior samples: moments near the exact posterior with the kernel's features,
// the data reproduced at small noise, gradients in x, and the first-lengthscale features' quirk.
#include <bopp/bo/weight_space_sample.hpp>

#include "thompson_sample_checks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using namespace bopp::bo;

using bopp::bo::test::four_point_gp;

// Ten points in the unit square, lengthscales (0.3, 3): the second input barely matters to the
// GP, and the first-lengthscale features treat it like the first.
GaussianProcess two_dimensional_gp(double second_lengthscale = 3.0, double noise = 1e-6) {
  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                     Eigen::VectorXd::Ones(2));
  gp.set_hyperparameters({Eigen::Vector2d(0.3, second_lengthscale), 1.5, noise, 0.0});
  Eigen::MatrixXd X(10, 2);
  Eigen::VectorXd y(10);
  for (int i = 0; i < 10; ++i) {
    X(i, 0) = std::fmod(0.37 * i + 0.05, 1.0);
    X(i, 1) = std::fmod(0.61 * i + 0.11, 1.0);
    y[i] = std::sin(5 * X(i, 0)) + 0.1 * X(i, 1);
  }
  gp.condition(X, y);
  return gp;
}

TEST(WeightSpaceSample, KernelFeaturesGiveMomentsNearThePosterior) {
  // Looser than the pathwise sample's: 256 features carry the whole posterior here.
  const GaussianProcess gp = four_point_gp();
  test::expect_moments_near_the_posterior(
      gp, 400,
      [&](std::uint64_t seed, const Eigen::MatrixXd& Xs) {
        return WeightSpaceSample(gp, 256, WeightSpaceFeatures::kernel, seed).values(Xs);
      },
      0.05, 0.25);
}

TEST(WeightSpaceSample, ReproducesTheDataAtSmallNoise) {
  const GaussianProcess gp = two_dimensional_gp();
  const Eigen::MatrixXd X = gp.unit_inputs();  // the box is the unit square
  for (const auto kind :
       {WeightSpaceFeatures::kernel, WeightSpaceFeatures::first_lengthscale_unit_norm}) {
    const Eigen::VectorXd f = WeightSpaceSample(gp, 512, kind, 5).values(X);
    const Eigen::VectorXd y =
        gp.output_scaling().mean + gp.output_scaling().scale * gp.standardized_targets().array();
    EXPECT_LT((f - y).cwiseAbs().maxCoeff(), 0.02) << static_cast<int>(kind);
  }
}

TEST(WeightSpaceSample, GradientMatchesCentralDifferences) {
  const GaussianProcess gp = two_dimensional_gp(3.0, 0.01);
  for (const auto kind :
       {WeightSpaceFeatures::kernel, WeightSpaceFeatures::first_lengthscale_unit_norm}) {
    const WeightSpaceSample sample(gp, 256, kind, 3);
    for (const Eigen::Vector2d& x : {Eigen::Vector2d(0.2, 0.7), Eigen::Vector2d(0.9, 0.1)}) {
      Eigen::VectorXd g;
      sample.value(x, &g);
      for (int i = 0; i < 2; ++i) {
        const double h = 1e-6;
        Eigen::VectorXd up = x, down = x;
        up[i] += h;
        down[i] -= h;
        const double fd = (sample.value(up) - sample.value(down)) / (2 * h);
        EXPECT_NEAR(g[i], fd, 1e-6 * std::max(1.0, std::abs(fd)))
            << static_cast<int>(kind) << ", input " << i;
      }
    }
  }
}

TEST(WeightSpaceSample, FirstLengthscaleFeaturesIgnoreTheOthers) {
  // Dai et al. (2022)'s baseline reads the first ARD lengthscale only: GPs that differ in the
  // second give the same sample. The kernel's own features tell them apart.
  const GaussianProcess a = two_dimensional_gp(3.0, 0.01), b = two_dimensional_gp(0.05, 0.01);
  const Eigen::MatrixXd X = Eigen::MatrixXd::Random(6, 2).array().abs();
  const auto reference = WeightSpaceFeatures::first_lengthscale_unit_norm;
  EXPECT_EQ(WeightSpaceSample(a, 128, reference, 4).values(X),
            WeightSpaceSample(b, 128, reference, 4).values(X));
  EXPECT_NE(WeightSpaceSample(a, 128, WeightSpaceFeatures::kernel, 4).values(X),
            WeightSpaceSample(b, 128, WeightSpaceFeatures::kernel, 4).values(X));
}

TEST(WeightSpaceSample, SameSeedSameFunctionAndAPriorWithoutData) {
  const GaussianProcess gp = four_point_gp();
  const Eigen::MatrixXd X = Eigen::VectorXd::LinSpaced(5, -2, 2);
  const auto kind = WeightSpaceFeatures::kernel;
  EXPECT_EQ(WeightSpaceSample(gp, 64, kind, 7).values(X),
            WeightSpaceSample(gp, 64, kind, 7).values(X));
  EXPECT_NE(WeightSpaceSample(gp, 64, kind, 7).values(X),
            WeightSpaceSample(gp, 64, kind, 8).values(X));
  GaussianProcess empty(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Constant(1, -2.0),
                        Eigen::VectorXd::Constant(1, 2.0));
  EXPECT_TRUE(WeightSpaceSample(empty, 64, kind, 7).values(X).allFinite());
  // Noise fixed at 0 and fewer points than features: ΦᵀΦ is singular, and jitter takes over, in
  // the weights' spread too: far from the data the draws still spread as the posterior does.
  GaussianProcess noiseless = four_point_gp();
  noiseless.set_hyperparameters({Eigen::VectorXd::Constant(1, 0.15), 1.0, 0.0, 0.0});
  EXPECT_TRUE(WeightSpaceSample(noiseless, 64, kind, 7).values(X).allFinite());
  const Eigen::MatrixXd far = Eigen::MatrixXd::Constant(1, 1, 1.8);
  Eigen::VectorXd draws(300);
  for (int s = 0; s < 300; ++s)
    draws[s] = WeightSpaceSample(noiseless, 64, kind, static_cast<std::uint64_t>(s)).values(far)[0];
  const double spread = (draws.array() - draws.mean()).square().sum() / 299;
  EXPECT_NEAR(spread, noiseless.predict(far).variance[0], 0.3 * noiseless.predict(far).variance[0]);
  EXPECT_THROW(WeightSpaceSample(gp, 64, kind, 7).values(Eigen::MatrixXd::Zero(2, 3)),
               std::invalid_argument);
}

}  // namespace
