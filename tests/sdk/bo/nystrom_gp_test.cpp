// The Nyström (DTC) GP: with every data point inducing it is the exact GP's posterior; with a
// subset, the dense DTC formulas; its gradients against central differences.
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/nystrom_gp.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include <cmath>
#include <random>

namespace {

using bopp::bo::GaussianProcess;
using bopp::bo::Kernel;
using bopp::bo::KernelType;
using bopp::bo::NystromGp;

constexpr Eigen::Index d = 3;

Eigen::MatrixXd random_points(Eigen::Index n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-2.0, 3.0);  // the box below
  Eigen::MatrixXd X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
  return X;
}

Eigen::VectorXd values(const Eigen::MatrixXd& X) {
  return (X.col(0).array().sin() + 0.5 * X.col(1).array() * X.col(2).array() + 3.0).matrix();
}

// A Matérn-5/2 GP on the box [−2, 3]³ with fixed θ, conditioned on (X, y).
GaussianProcess gp_on(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  GaussianProcess gp(Kernel(KernelType::matern52, d), Eigen::VectorXd::Constant(d, -2.0),
                     Eigen::VectorXd::Constant(d, 3.0));
  bopp::bo::Hyperparameters h;
  h.lengthscales = Eigen::Vector3d(0.3, 0.5, 0.4);
  h.outputscale = 1.7;
  h.noise_variance = 1e-3;
  h.mean = 0.2;
  gp.set_hyperparameters(h);
  gp.condition(X, y);
  return gp;
}

TEST(NystromGp, WithEveryPointInducingIsTheExactGp) {
  const Eigen::MatrixXd X = random_points(40, 1);
  const GaussianProcess exact = gp_on(X, values(X));
  const NystromGp nystrom(exact, X, values(X), X);
  const Eigen::MatrixXd T = random_points(25, 2);
  const bopp::bo::Posterior a = nystrom.predict(T), b = exact.predict(T);
  const double scale = b.variance.maxCoeff();
  for (Eigen::Index i = 0; i < T.rows(); ++i) {
    EXPECT_NEAR(a.mean[i], b.mean[i], 1e-8 * (1 + std::abs(b.mean[i]))) << i;
    EXPECT_NEAR(a.variance[i], b.variance[i], 1e-8 * scale) << i;
  }
  for (Eigen::Index i = 0; i < 3; ++i) {
    const bopp::bo::PointPosterior p = nystrom.predict_with_gradient(T.row(i).transpose());
    const bopp::bo::PointPosterior q = exact.predict_with_gradient(T.row(i).transpose());
    EXPECT_NEAR(p.mean, q.mean, 1e-8 * (1 + std::abs(q.mean)));
    EXPECT_NEAR(p.variance, q.variance, 1e-8 * scale);
    EXPECT_LT((p.mean_gradient - q.mean_gradient).norm(), 1e-6 * (1 + q.mean_gradient.norm()));
    EXPECT_LT((p.variance_gradient - q.variance_gradient).norm(),
              1e-6 * (1 + q.variance_gradient.norm()));
  }
}

// μ = c + Q_*D (Q_DD + σ_n² I)⁻¹ (ỹ − c), σ² = k_** − Q_*D (Q_DD + σ_n² I)⁻¹ Q_D*, with
// Q_AB = K_AS K_S⁻¹ K_SB, formed densely in the model's units.
TEST(NystromGp, WithASubsetInducingIsTheDenseDtcPosterior) {
  const Eigen::MatrixXd X = random_points(30, 3);
  const Eigen::VectorXd y = values(X);
  const Eigen::MatrixXd S = X.topRows(8);
  const GaussianProcess subset = gp_on(S, y.head(8));
  const NystromGp nystrom(subset, X, y, S);
  const Eigen::MatrixXd T = random_points(10, 4);

  const Kernel& k = subset.kernel();
  const Eigen::MatrixXd uX = subset.to_unit_cube(X), uS = subset.to_unit_cube(S),
                        uT = subset.to_unit_cube(T);
  const Eigen::LLT<Eigen::MatrixXd> KS(k.matrix(uS));
  const Eigen::MatrixXd QDD = k.matrix(uX, uS) * KS.solve(k.matrix(uS, uX));
  const Eigen::MatrixXd QTD = k.matrix(uT, uS) * KS.solve(k.matrix(uS, uX));
  Eigen::MatrixXd A = QDD;
  A.diagonal().array() += subset.noise_variance();
  const Eigen::LLT<Eigen::MatrixXd> LA(A);
  const bopp::bo::OutputScaling& sc = subset.output_scaling();
  const Eigen::VectorXd r = ((y.array() - sc.mean) / sc.scale - subset.mean_constant()).matrix();
  const Eigen::VectorXd mean =
      ((QTD * LA.solve(r)).array() + subset.mean_constant()) * sc.scale + sc.mean;
  const Eigen::VectorXd variance =
      sc.scale * sc.scale *
      (k.outputscale() - (QTD * LA.solve(QTD.transpose())).diagonal().array()).matrix();

  const bopp::bo::Posterior p = nystrom.predict(T);
  for (Eigen::Index i = 0; i < T.rows(); ++i) {
    EXPECT_NEAR(p.mean[i], mean[i], 1e-7 * (1 + std::abs(mean[i]))) << i;
    EXPECT_NEAR(p.variance[i], variance[i], 1e-7 * sc.scale * sc.scale) << i;
  }
  EXPECT_EQ(nystrom.size(), 30);
  EXPECT_EQ(nystrom.rank(), 8);
}

TEST(NystromGp, GradientsMatchCentralDifferences) {
  const Eigen::MatrixXd X = random_points(30, 5);
  const Eigen::VectorXd y = values(X);
  const GaussianProcess subset = gp_on(X.topRows(10), y.head(10));
  const NystromGp nystrom(subset, X, y, X.topRows(10));
  const Eigen::VectorXd x = random_points(1, 6).row(0).transpose();
  const bopp::bo::PointPosterior p = nystrom.predict_with_gradient(x);
  const double h = 1e-6;
  for (Eigen::Index j = 0; j < d; ++j) {
    Eigen::VectorXd up = x, down = x;
    up[j] += h;
    down[j] -= h;
    const bopp::bo::Posterior a = nystrom.predict(up.transpose()),
                              b = nystrom.predict(down.transpose());
    EXPECT_NEAR(p.mean_gradient[j], (a.mean[0] - b.mean[0]) / (2 * h),
                1e-5 * (1 + std::abs(p.mean_gradient[j])));
    EXPECT_NEAR(p.variance_gradient[j], (a.variance[0] - b.variance[0]) / (2 * h),
                1e-5 * (1 + std::abs(p.variance_gradient[j])));
  }
}

}  // namespace
