// Pathwise posterior samples: their moments match the exact posterior; gradients in x.
#include <bopp/bo/pathwise_sample.hpp>

#include <gtest/gtest.h>

namespace {

using namespace bopp::bo;

GaussianProcess small_gp() {
  GaussianProcess gp(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Constant(1, -2.0),
                     Eigen::VectorXd::Constant(1, 2.0));
  gp.set_hyperparameters({Eigen::VectorXd::Constant(1, 0.15), 1.0, 0.01, 0.0});
  Eigen::MatrixXd X(4, 1);
  X << -1.5, -0.5, 0.3, 1.0;
  gp.condition(X, Eigen::Vector4d(0.5, -1.0, 0.2, 2.0));
  return gp;
}

TEST(PathwiseSample, SampleMomentsMatchThePosterior) {
  const GaussianProcess gp = small_gp();
  Eigen::MatrixXd Xs(3, 1);
  Xs << -0.5, 0.0, 1.8;  // at a datum, between data, far from data
  const auto exact = gp.predict(Xs);
  const int samples = 1000;
  Eigen::MatrixXd draws(samples, 3);
  for (int s = 0; s < samples; ++s)
    draws.row(s) = PathwiseSample(gp, 256, static_cast<std::uint64_t>(s)).values(Xs).transpose();
  const Eigen::VectorXd mean = draws.colwise().mean();
  const Eigen::VectorXd variance =
      (draws.rowwise() - mean.transpose()).colwise().squaredNorm() / (samples - 1);
  for (int i = 0; i < 3; ++i) {
    const double sd = std::sqrt(exact.variance[i]);
    EXPECT_NEAR(mean[i], exact.mean[i], 5 * sd / std::sqrt(samples) + 0.02 * sd) << "point " << i;
    EXPECT_NEAR(variance[i], exact.variance[i], 0.2 * exact.variance[i] + 1e-6) << "point " << i;
  }
}

TEST(PathwiseSample, GradientMatchesCentralDifferences) {
  const GaussianProcess gp = small_gp();
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
  const GaussianProcess gp = small_gp();
  const Eigen::MatrixXd X = Eigen::VectorXd::LinSpaced(5, -2, 2);
  EXPECT_EQ(PathwiseSample(gp, 64, 7).values(X), PathwiseSample(gp, 64, 7).values(X));
  EXPECT_NE(PathwiseSample(gp, 64, 7).values(X), PathwiseSample(gp, 64, 8).values(X));
}

}  // namespace
