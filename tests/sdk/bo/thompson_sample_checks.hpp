// Checks shared by the tests of the toolkit's Thompson samples (pathwise, weight space): a small
// GP to draw from, and the draws' moments against its exact posterior.
#pragma once

#include <bopp/bo/gaussian_process.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace bopp::bo::test {

// An RBF GP on [-2, 2] with four observations.
inline GaussianProcess four_point_gp() {
  GaussianProcess gp(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Constant(1, -2.0),
                     Eigen::VectorXd::Constant(1, 2.0));
  gp.set_hyperparameters({Eigen::VectorXd::Constant(1, 0.15), 1.0, 0.01, 0.0});
  Eigen::MatrixXd X(4, 1);
  X << -1.5, -0.5, 0.3, 1.0;
  gp.condition(X, Eigen::Vector4d(0.5, -1.0, 0.2, 2.0));
  return gp;
}

// `samples` draws, `draw(seed, Xs)` each, at a datum, between data and far from data: their mean
// within 5 standard errors plus `mean_slack` sd of the posterior mean, their variance within
// `variance_slack` of the posterior variance (relative).
template <class Draw>
void expect_moments_near_the_posterior(const GaussianProcess& gp, int samples, Draw draw,
                                       double mean_slack, double variance_slack) {
  Eigen::MatrixXd Xs(3, 1);
  Xs << -0.5, 0.0, 1.8;
  const auto exact = gp.predict(Xs);
  Eigen::MatrixXd draws(samples, 3);
  for (int s = 0; s < samples; ++s)
    draws.row(s) = draw(static_cast<std::uint64_t>(s), Xs).transpose();
  const Eigen::VectorXd mean = draws.colwise().mean();
  const Eigen::VectorXd variance =
      (draws.rowwise() - mean.transpose()).colwise().squaredNorm() / (samples - 1);
  for (int i = 0; i < 3; ++i) {
    const double sd = std::sqrt(exact.variance[i]);
    EXPECT_NEAR(mean[i], exact.mean[i], 5 * sd / std::sqrt(samples) + mean_slack * sd)
        << "point " << i;
    EXPECT_NEAR(variance[i], exact.variance[i], variance_slack * exact.variance[i] + 1e-6)
        << "point " << i;
  }
}

}  // namespace bopp::bo::test
