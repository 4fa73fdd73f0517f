// Pathwise posterior samples: their moments match the exact posterior; gradients in x.
#include <bopp/bo/pathwise_sample.hpp>

#include "thompson_sample_checks.hpp"

#include <gtest/gtest.h>

namespace {

using namespace bopp::bo;
using bopp::bo::test::four_point_gp;

TEST(PathwiseSample, SampleMomentsMatchThePosterior) {
  const GaussianProcess gp = four_point_gp();
  test::expect_moments_near_the_posterior(
      gp, 1000,
      [&](std::uint64_t seed, const Eigen::MatrixXd& Xs) {
        return PathwiseSample(gp, 256, seed).values(Xs);
      },
      0.02, 0.2);
}

TEST(PathwiseSample, GradientMatchesCentralDifferences) {
  const GaussianProcess gp = four_point_gp();
  const PathwiseSample sample(gp, 256, 3);
  for (double x0 : {-1.0, 0.7}) {
    Eigen::VectorXd g;
    const Eigen::VectorXd x = Eigen::VectorXd::Constant(1, x0);
    sample.value(x, &g);
    const double h = 1e-6;
    const double fd = (sample.value(x.array() + h) - sample.value(x.array() - h)) / (2 * h);
    EXPECT_NEAR(g[0], fd, 1e-6 * std::max(1.0, std::abs(fd)));
  }
}

TEST(PathwiseSample, SameSeedSameFunction) {
  const GaussianProcess gp = four_point_gp();
  const Eigen::MatrixXd X = Eigen::VectorXd::LinSpaced(5, -2, 2);
  EXPECT_EQ(PathwiseSample(gp, 64, 7).values(X), PathwiseSample(gp, 64, 7).values(X));
  EXPECT_NE(PathwiseSample(gp, 64, 7).values(X), PathwiseSample(gp, 64, 8).values(X));
}

}  // namespace
