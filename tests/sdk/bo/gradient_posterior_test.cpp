// The posterior of ∇f: its mean and covariance against central differences of the
// posterior of f, in the user's units.
#include <bopp/bo/gradient_posterior.hpp>

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace bopp::bo;

GaussianProcess conditioned(KernelType type) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(0, 1);
  GaussianProcess gp(Kernel(type, 3), Eigen::Vector3d(-2, 0, 1), Eigen::Vector3d(2, 1, 5));
  gp.set_hyperparameters({Eigen::Vector3d(0.4, 0.6, 0.8), 1.2, 0.1, 0.0});
  Eigen::MatrixXd X(10, 3);
  Eigen::VectorXd y(10);
  for (int i = 0; i < 10; ++i) {
    X.row(i) = Eigen::RowVector3d(-2 + 4 * u(rng), u(rng), 1 + 4 * u(rng));
    y[i] = std::cos(X(i, 0)) + X(i, 1) * X(i, 2);
  }
  gp.condition(X, y);
  return gp;
}

TEST(GradientPosterior, MeanAndCovarianceMatchCentralDifferences) {
  for (auto type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    const GaussianProcess gp = conditioned(type);
    const Eigen::Vector3d x(0.3, 0.4, 2.5);
    const GradientPosterior g = gradient_posterior(gp, x);

    // Mean: ∇ of the posterior mean.
    const double h = 1e-5;
    Eigen::Vector3d fd_mean;
    for (int i = 0; i < 3; ++i) {
      Eigen::Vector3d p = x, m = x;
      p[i] += h;
      m[i] -= h;
      fd_mean[i] =
          (gp.predict(p.transpose()).mean[0] - gp.predict(m.transpose()).mean[0]) / (2 * h);
    }
    EXPECT_LT((g.mean - fd_mean).norm() / fd_mean.norm(), 1e-6) << kernel_type_name(type);

    // Covariance = prior term − data term. The prior term, ∂²k(x, x')/∂x∂x'ᵀ at x' = x, is
    // checked in kernel_test (against closed forms, and against differences where the
    // Matérn 3/2 allows them); the data term k(x, X) K_y⁻¹ k(X, x') is smooth for every kernel,
    // so its mixed central difference checks the rest to 1e-6.
    const double step = 1e-4;
    Eigen::MatrixXd points(6, 3);
    for (int i = 0; i < 3; ++i) {
      points.row(2 * i) = x.transpose();
      points.row(2 * i + 1) = x.transpose();
      points(2 * i, i) += step;
      points(2 * i + 1, i) -= step;
    }
    const double s2 = gp.output_scaling().scale * gp.output_scaling().scale;
    const Eigen::MatrixXd D =
        s2 * gp.kernel().matrix(gp.to_unit_cube(points)) - gp.predict(points, true).covariance;
    Eigen::Matrix3d fd_data;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        fd_data(i, j) = (D(2 * i, 2 * j) - D(2 * i, 2 * j + 1) - D(2 * i + 1, 2 * j) +
                         D(2 * i + 1, 2 * j + 1)) /
                        (4 * step * step);
    const Eigen::Vector3d inv_w = gp.widths().array().inverse();
    const Eigen::Matrix3d prior =
        s2 * inv_w.asDiagonal() *
        gp.kernel().cross_hessian(gp.point_to_unit_cube(x), gp.point_to_unit_cube(x)) *
        inv_w.asDiagonal();
    const Eigen::Matrix3d expected = prior - fd_data;
    EXPECT_LT((g.covariance - expected).norm() / expected.norm(), 1e-6)
        << kernel_type_name(type) << "\n"
        << g.covariance << "\n\n"
        << expected;
  }
}

TEST(GradientPosterior, PriorGradientCovarianceWithoutData) {
  GaussianProcess gp(Kernel(KernelType::rbf, 2), Eigen::Vector2d(0, 0), Eigen::Vector2d(2, 4));
  gp.set_hyperparameters({Eigen::Vector2d(0.5, 0.25), 2.0, 0.1, 0.0});
  const GradientPosterior g = gradient_posterior(gp, Eigen::Vector2d(1, 1));
  EXPECT_EQ(g.mean, Eigen::Vector2d::Zero());
  // σ²/ℓ_i² in the unit cube, divided by the squared widths (2, 4) in x.
  EXPECT_NEAR(g.covariance(0, 0), 2.0 / 0.25 / 4.0, 1e-12);
  EXPECT_NEAR(g.covariance(1, 1), 2.0 / 0.0625 / 16.0, 1e-12);
  EXPECT_NEAR(g.covariance(0, 1), 0.0, 1e-15);
}

TEST(GradientPosterior, RejectsNondifferentiableKernel) {
  GaussianProcess gp(Kernel(KernelType::matern12, 1), Eigen::VectorXd::Zero(1),
                     Eigen::VectorXd::Ones(1));
  EXPECT_THROW(gradient_posterior(gp, Eigen::VectorXd::Constant(1, 0.5)), std::invalid_argument);
}

}  // namespace
