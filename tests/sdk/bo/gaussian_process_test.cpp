// GaussianProcess: posterior against hand-computed closed forms, scaling at the boundary,
// gradients of the pointwise posterior, Cholesky updates and fantasies, and batch prediction
// through the factor's inverse (the same posterior as one point's solves, and the same bits
// after a checkpoint or from several threads).
#include <bopp/bo/gaussian_process.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include <cmath>
#include <random>
#include <thread>
#include <vector>

namespace {

using bopp::bo::GaussianProcess;
using bopp::bo::Hyperparameters;
using bopp::bo::Kernel;
using bopp::bo::KernelType;
using bopp::bo::OutputScaling;

GaussianProcess unit_rbf(double noise) {
  GaussianProcess gp(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Zero(1),
                     Eigen::VectorXd::Ones(1));
  gp.set_hyperparameters({Eigen::VectorXd::Ones(1), 1.0, noise, 0.0});
  return gp;
}

TEST(GaussianProcess, PosteriorAtMidpointOfTwoPointsMatchesHandComputation) {
  // x = {0, 1}, ℓ = σ² = 1: K = [[1, a], [a, 1]] + σn² I with a = e^{-1/2}; at x* = 0.5,
  // k* = c (1, 1) with c = e^{-1/8}, an eigenvector of K with eigenvalue 1 + a + σn².
  const double noise = 0.01, a = std::exp(-0.5), c = std::exp(-0.125), lambda = 1 + a + noise;
  GaussianProcess gp = unit_rbf(noise);
  gp.condition(Eigen::Vector2d(0, 1), Eigen::Vector2d(1, 2), OutputScaling{});
  const auto p = gp.predict(Eigen::MatrixXd::Constant(1, 1, 0.5));
  EXPECT_NEAR(p.mean[0], c * 3 / lambda, 1e-14);
  EXPECT_NEAR(p.variance[0], 1 - 2 * c * c / lambda, 1e-14);
}

TEST(GaussianProcess, SinglePointPosteriorMatchesHandComputation) {
  const double noise = 0.1, k = std::exp(-0.5 * 0.09);  // x* − x = 0.3
  GaussianProcess gp = unit_rbf(noise);
  gp.condition(Eigen::MatrixXd::Constant(1, 1, 0.2), Eigen::VectorXd::Constant(1, 2.0),
               OutputScaling{});
  const auto p = gp.predict(Eigen::MatrixXd::Constant(1, 1, 0.5));
  EXPECT_NEAR(p.mean[0], k * 2.0 / (1 + noise), 1e-14);
  EXPECT_NEAR(p.variance[0], 1 - k * k / (1 + noise), 1e-14);
}

TEST(GaussianProcess, ScalingOfInputsAndOutputsIsUndoneAtTheBoundary) {
  // The same problem on x ∈ [2, 4] with y = 10 + 2 z: the posterior maps affinely.
  const double noise = 0.01, a = std::exp(-0.5), c = std::exp(-0.125), lambda = 1 + a + noise;
  GaussianProcess gp(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Constant(1, 2.0),
                     Eigen::VectorXd::Constant(1, 4.0));
  gp.set_hyperparameters({Eigen::VectorXd::Ones(1), 1.0, noise, 0.0});
  gp.condition(Eigen::Vector2d(2, 4), Eigen::Vector2d(12, 14), OutputScaling{10, 2});
  const auto p = gp.predict(Eigen::MatrixXd::Constant(1, 1, 3.0));
  EXPECT_NEAR(p.mean[0], 10 + 2 * c * 3 / lambda, 1e-13);
  EXPECT_NEAR(p.variance[0], 4 * (1 - 2 * c * c / lambda), 1e-13);
}

TEST(GaussianProcess, StandardizesOutputsByMeanAndSampleDeviation) {
  const auto s = OutputScaling::standardizing(Eigen::Vector3d(1, 2, 6));
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
  EXPECT_DOUBLE_EQ(s.scale, std::sqrt(7.0));
  EXPECT_DOUBLE_EQ(OutputScaling::standardizing(Eigen::Vector2d(5, 5)).scale, 1.0);
}

TEST(GaussianProcess, WithoutDataPredictsThePrior) {
  GaussianProcess gp = unit_rbf(0.1);
  const auto p = gp.predict(Eigen::MatrixXd::Constant(2, 1, 0.3), true);
  EXPECT_DOUBLE_EQ(p.mean[0], 0.0);
  EXPECT_DOUBLE_EQ(p.variance[1], 1.0);
  EXPECT_DOUBLE_EQ(p.covariance(0, 1), 1.0);
}

GaussianProcess random_gp(KernelType type, int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 3);
  GaussianProcess gp(Kernel(type, 2), Eigen::Vector2d(-1, -1), Eigen::Vector2d(3, 3));
  gp.set_hyperparameters({Eigen::Vector2d(0.3, 0.5), 1.3, 0.05, 0.2});
  Eigen::MatrixXd X(n, 2);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    X(i, 0) = u(rng);
    X(i, 1) = u(rng);
    y[i] = std::sin(X(i, 0)) + X(i, 1);
  }
  gp.condition(X, y);
  return gp;
}

TEST(GaussianProcess, JointCovarianceDiagonalEqualsVariance) {
  const GaussianProcess gp = random_gp(KernelType::matern52, 8, 1);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(5, 2).array() + 1;
  const auto p = gp.predict(Xs, true);
  EXPECT_LT((p.covariance.diagonal() - p.variance).norm(), 1e-12);
  EXPECT_LT((p.covariance - p.covariance.transpose()).norm(), 1e-12);
  EXPECT_GT(p.covariance.ldlt().vectorD().minCoeff(), -1e-12);
}

TEST(GaussianProcess, PointGradientsMatchCentralDifferences) {
  for (auto type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    const GaussianProcess gp = random_gp(type, 8, 2);
    const Eigen::Vector2d x(0.7, 1.9);
    const auto p = gp.predict_with_gradient(x);
    const auto q = gp.predict(x.transpose());
    EXPECT_NEAR(p.mean, q.mean[0], 1e-12);
    EXPECT_NEAR(p.variance, q.variance[0], 1e-12);
    const double h = 1e-6;
    for (int i = 0; i < 2; ++i) {
      Eigen::Vector2d xp = x, xm = x;
      xp[i] += h;
      xm[i] -= h;
      const auto pp = gp.predict(xp.transpose()), pm = gp.predict(xm.transpose());
      EXPECT_NEAR(p.mean_gradient[i], (pp.mean[0] - pm.mean[0]) / (2 * h),
                  1e-6 * std::max(1.0, std::abs(p.mean_gradient[i])));
      EXPECT_NEAR(p.variance_gradient[i], (pp.variance[0] - pm.variance[0]) / (2 * h),
                  1e-6 * std::max(1.0, std::abs(p.variance_gradient[i])));
    }
  }
}

TEST(GaussianProcess, CholeskyUpdateEqualsRefit) {
  GaussianProcess updated = random_gp(KernelType::matern52, 10, 3);
  const Eigen::MatrixXd X2 = Eigen::MatrixXd::Random(4, 2).array() + 1;
  const Eigen::VectorXd y2 = Eigen::VectorXd::Random(4);
  updated.add_observations(X2, y2);

  GaussianProcess refit = random_gp(KernelType::matern52, 10, 3);
  Eigen::MatrixXd X(14, 2);
  X << refit.inputs(), X2;
  Eigen::VectorXd y(14);
  y << refit.targets(), y2;
  refit.condition(X, y, updated.output_scaling());

  const Eigen::MatrixXd L1 = updated.cholesky_factor().triangularView<Eigen::Lower>();
  const Eigen::MatrixXd L2 = refit.cholesky_factor().triangularView<Eigen::Lower>();
  EXPECT_LT((L1 - L2).norm(), 1e-12);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(6, 2).array() + 1;
  const auto a = updated.predict(Xs, true), b = refit.predict(Xs, true);
  EXPECT_LT((a.mean - b.mean).norm(), 1e-12);
  EXPECT_LT((a.covariance - b.covariance).norm(), 1e-12);
}

TEST(GaussianProcess, FantasiesGiveTheCovarianceOfRealObservations) {
  GaussianProcess fantasized = random_gp(KernelType::rbf, 6, 4);
  GaussianProcess observed = fantasized;
  const Eigen::MatrixXd X2 = Eigen::MatrixXd::Random(3, 2).array() + 1;
  const Eigen::VectorXd before = fantasized.predict(X2).mean;
  fantasized.add_fantasies(X2);
  observed.add_observations(X2, Eigen::VectorXd::Constant(3, 5.0));
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(5, 2).array() + 1;
  EXPECT_LT(
      (fantasized.predict(Xs, true).covariance - observed.predict(Xs, true).covariance).norm(),
      1e-12);
  // The kriging believer: at the fantasized points the mean is what it was before.
  EXPECT_LT((fantasized.predict(X2).mean - before).norm(), 1e-3);
}

// Point by point, the GP solves against L; a batch multiplies by L⁻¹: the same posterior.
void expect_batch_equals_points(const GaussianProcess& gp, const Eigen::MatrixXd& Xs,
                                const std::vector<Eigen::Index>& rows) {
  const auto batch = gp.predict(Xs);
  for (const Eigen::Index i : rows) {
    const auto one = gp.predict(Xs.row(i));
    EXPECT_NEAR(batch.mean[i], one.mean[0], 1e-10 * (1 + std::abs(one.mean[0]))) << "row " << i;
    EXPECT_NEAR(batch.variance[i], one.variance[0], 1e-10 * (1 + one.variance[0])) << "row " << i;
  }
}

TEST(GaussianProcess, BatchPredictionEqualsOnePointPredictions) {
  for (const KernelType type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    const GaussianProcess gp = random_gp(type, 60, 5);
    const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(40, 2).array() + 1;
    std::vector<Eigen::Index> all(40);
    for (Eigen::Index i = 0; i < 40; ++i) all[i] = i;
    expect_batch_equals_points(gp, Xs, all);
  }
}

TEST(GaussianProcess, BatchPredictionAgreesAcrossItsBlocks) {
  // 1 100 points make blocks of 953 columns, and chunks of 112 within a block for the kernel
  // values and the mean: rows on both sides of each kind of boundary.
  const GaussianProcess gp = random_gp(KernelType::matern52, 1100, 6);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(1000, 2).array() + 1;
  expect_batch_equals_points(gp, Xs, {0, 111, 112, 223, 224, 951, 952, 953, 954, 999});
}

TEST(GaussianProcess, InverseFactorFollowsEveryChangeOfTheFactor) {
  const auto expect_inverse = [](const GaussianProcess& gp, const char* after) {
    const Eigen::MatrixXd L = gp.cholesky_factor().triangularView<Eigen::Lower>();
    const Eigen::MatrixXd inverse = gp.inverse_factor().triangularView<Eigen::Lower>();
    const Eigen::Index n = gp.size();
    EXPECT_LT((inverse * L - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff(), 1e-10)
        << "after " << after;
  };
  EXPECT_EQ(unit_rbf(0.1).inverse_factor().size(), 0);  // no data yet
  GaussianProcess gp = random_gp(KernelType::matern52, 12, 7);
  expect_inverse(gp, "condition");
  gp.add_observations(Eigen::MatrixXd::Random(3, 2).array() + 1, Eigen::VectorXd::Random(3));
  expect_inverse(gp, "add_observations");
  Hyperparameters h = gp.hyperparameters();
  h.lengthscales *= 1.5;
  gp.set_hyperparameters(h);
  expect_inverse(gp, "set_hyperparameters");
  gp.add_fantasies(Eigen::MatrixXd::Random(2, 2).array() + 1);
  expect_inverse(gp, "add_fantasies");
  bopp::StateArchive archive;
  random_gp(KernelType::matern52, 9, 8).save(archive);
  gp.restore(archive);
  ASSERT_EQ(gp.size(), 9);
  expect_inverse(gp, "restore");
}

TEST(GaussianProcess, ARestoredGpPredictsTheSameBits) {
  GaussianProcess gp = random_gp(KernelType::matern32, 30, 9);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(25, 2).array() + 1;
  (void)gp.predict(Xs);  // forms L⁻¹ before the update, as a run between checkpoints does
  gp.add_observations(Eigen::MatrixXd::Random(4, 2).array() + 1, Eigen::VectorXd::Random(4));
  bopp::StateArchive archive;
  gp.save(archive);
  GaussianProcess restored = random_gp(KernelType::matern32, 2, 10);
  restored.restore(archive);
  const auto a = gp.predict(Xs), b = restored.predict(Xs);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.variance, b.variance);
}

TEST(GaussianProcess, ACopyKeepsItsPosteriorWhenTheOriginalChanges) {
  GaussianProcess original = random_gp(KernelType::rbf, 20, 11);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(10, 2).array() + 1;
  const auto before = original.predict(Xs);
  const GaussianProcess copy = original;
  original.add_observations(Eigen::MatrixXd::Random(2, 2).array() + 1, Eigen::VectorXd::Ones(2));
  EXPECT_NE(original.predict(Xs).variance, before.variance);
  EXPECT_EQ(copy.predict(Xs).variance, before.variance);
}

TEST(GaussianProcess, ThreadsPredictingAtOnceGetTheSerialBits) {
  const GaussianProcess serial = random_gp(KernelType::matern52, 200, 12);
  const Eigen::MatrixXd Xs = Eigen::MatrixXd::Random(50, 2).array() + 1;
  const Eigen::VectorXd expected = serial.predict(Xs).variance;
  const GaussianProcess shared = random_gp(KernelType::matern52, 200, 12);  // L⁻¹ not formed yet
  std::vector<Eigen::VectorXd> got(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] { got[t] = shared.predict(Xs).variance; });
  for (auto& thread : threads) thread.join();
  for (const auto& v : got) EXPECT_EQ(v, expected);
}

}  // namespace
