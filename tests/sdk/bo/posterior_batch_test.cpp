// The batched posterior: the same mean, variance and gradients as the GP's one-point
// prediction, and no allocation once its buffers have grown. Heap allocations are counted by
// wrapping glibc's malloc in this program; the sanitizer build, which intercepts malloc itself,
// skips the count.
#include <bopp/bo/posterior_batch.hpp>

#include "malloc_count.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace bopp::bo;

// A GP of n points in a box that is not the unit cube, with a fitted-looking noise and mean.
GaussianProcess sample_gp(KernelType type, Eigen::Index n) {
  const Eigen::Vector3d lower(-1.0, 0.0, 2.0), upper(1.0, 3.0, 2.5);
  GaussianProcess gp(Kernel(type, 3), lower, upper);
  Hyperparameters h;
  h.lengthscales = Eigen::Vector3d(0.3, 0.6, 0.9);
  h.outputscale = 1.4;
  h.noise_variance = 1e-3;
  h.mean = 0.2;
  gp.set_hyperparameters(h);
  Eigen::MatrixXd X(n, 3);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i);
    for (Eigen::Index j = 0; j < 3; ++j)
      X(i, j) = lower[j] + (upper[j] - lower[j]) * std::fmod(0.618034 * t * (j + 1) + 0.1 * j, 1.0);
    y[i] = std::sin(3 * X(i, 0)) + X(i, 1) * X(i, 2);
  }
  gp.condition(X, y);
  return gp;
}

Eigen::MatrixXd batch_points(Eigen::Index k) {
  Eigen::MatrixXd X(k, 3);
  for (Eigen::Index i = 0; i < k; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(k);
    X.row(i) << -0.9 + 1.8 * t, 2.9 * (1 - t), 2.0 + 0.5 * std::fmod(3 * t, 1.0);
  }
  return X;
}

TEST(PosteriorBatch, AgreesWithTheOnePointPredictionAndItsGradients) {
  for (const KernelType type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    const GaussianProcess gp = sample_gp(type, 40);
    PosteriorBatch batch(gp);
    const Eigen::MatrixXd X = batch_points(7);
    batch.evaluate(X);
    ASSERT_EQ(batch.mean().size(), 7);
    ASSERT_EQ(batch.mean_gradient().rows(), 3);
    ASSERT_EQ(batch.mean_gradient().cols(), 7);
    for (Eigen::Index j = 0; j < X.rows(); ++j) {
      const PointPosterior p = gp.predict_with_gradient(X.row(j).transpose());
      EXPECT_NEAR(batch.mean()[j], p.mean, 1e-10 * (1 + std::abs(p.mean)));
      EXPECT_NEAR(batch.variance()[j], p.variance, 1e-10 * (1 + p.variance));
      EXPECT_LT((batch.mean_gradient().col(j) - p.mean_gradient).norm(),
                1e-9 * (1 + p.mean_gradient.norm()));
      EXPECT_LT((batch.variance_gradient().col(j) - p.variance_gradient).norm(),
                1e-9 * (1 + p.variance_gradient.norm()));
    }
  }
}

TEST(PosteriorBatch, WithoutDataIsThePrior) {
  GaussianProcess gp(Kernel(KernelType::matern52, 3), Eigen::Vector3d::Zero(),
                     Eigen::Vector3d::Ones());
  PosteriorBatch batch(gp);
  batch.evaluate(Eigen::MatrixXd::Constant(2, 3, 0.5));
  EXPECT_EQ(batch.variance()[1], gp.kernel().outputscale());
  EXPECT_EQ(batch.mean_gradient(), Eigen::MatrixXd::Zero(3, 2));
}

TEST(PosteriorBatch, AllocatesNothingOnceItsBuffersHaveGrown) {
  const GaussianProcess gp = sample_gp(KernelType::matern52, 30);
  PosteriorBatch batch(gp);
  const Eigen::MatrixXd X = batch_points(5);
  batch.evaluate(X);
  const long before = bopp::test::heap_allocations.load();
  for (int i = 0; i < 10; ++i) batch.evaluate(X);
  if (bopp::test::kCountsMalloc) {
    EXPECT_EQ(bopp::test::heap_allocations.load() - before, 0);
  }
}

}  // namespace
