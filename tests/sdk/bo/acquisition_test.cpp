// Acquisition functions: closed forms, stability of log EI, gradients in x against
// central differences.
#include <bopp/bo/acquisition.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>

namespace {

using namespace bopp::bo;

GaussianProcess small_gp() {
  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::Vector2d(-1, 0),
                     Eigen::Vector2d(1, 2));
  gp.set_hyperparameters({Eigen::Vector2d(0.3, 0.4), 1.0, 1e-3, 0.0});
  Eigen::MatrixXd X(5, 2);
  X << -0.8, 0.1, 0.2, 1.5, 0.9, 0.4, -0.1, 0.9, 0.5, 1.9;
  gp.condition(X, Eigen::VectorXd(Eigen::Vector<double, 5>(0.3, 1.2, -0.4, 0.8, 0.1)));
  return gp;
}

TEST(ExpectedImprovement, EqualsNumericalIntegralOfImprovement) {
  const GaussianProcess gp = small_gp();
  const Eigen::Vector2d x(0.0, 1.0);
  const auto p = gp.predict(x.transpose());
  const double mu = p.mean[0], sd = std::sqrt(p.variance[0]), best = 1.0;
  // Simpson's rule for ∫ (f − best)⁺ N(f; μ, σ²) df over ±12σ.
  const int n = 20000;
  const double a = best, b = mu + 12 * sd, h = (b - a) / n;
  double integral = 0;
  for (int i = 0; i <= n; ++i) {
    const double f = a + i * h;
    const double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
    integral += w * (f - best) * std::exp(-0.5 * std::pow((f - mu) / sd, 2)) /
                (sd * std::sqrt(2 * std::numbers::pi));
  }
  integral *= h / 3;
  EXPECT_NEAR(ExpectedImprovement(gp, best).value(x), integral, 1e-9);
  EXPECT_NEAR(LogExpectedImprovement(gp, best).value(x), std::log(integral), 1e-8);
}

TEST(LogExpectedImprovement, StaysFiniteAndSmoothFarBelowTheIncumbent) {
  // Both branches of log h agree where they meet, and the far tail follows −z²/2 − 2 log|z|.
  double d_left = 0, d_right = 0;
  EXPECT_NEAR(log_h(-5.0 - 1e-12, &d_left), log_h(-5.0 + 1e-12, &d_right), 1e-10);
  EXPECT_NEAR(d_left, d_right, 1e-8);
  for (double z : {-8.0, -40.0, -300.0}) {
    double d = 0;
    const double v = log_h(z, &d);
    EXPECT_TRUE(std::isfinite(v));
    EXPECT_NEAR(v, -0.5 * z * z - std::log(std::sqrt(2 * std::numbers::pi)) - 2 * std::log(-z),
                3.0 / (z * z));
    const double step = 1e-5 * std::abs(z);
    EXPECT_NEAR(d, (log_h(z + step) - log_h(z - step)) / (2 * step), 1e-6 * std::abs(d));
  }
  // Where EI itself underflows to 0, log EI still ranks points.
  const GaussianProcess gp = small_gp();
  const LogExpectedImprovement logei(gp, 60.0);
  EXPECT_EQ(ExpectedImprovement(gp, 60.0).value(Eigen::Vector2d(0.2, 1.5)), 0.0);
  EXPECT_TRUE(std::isfinite(logei.value(Eigen::Vector2d(0.2, 1.5))));
}

TEST(Acquisition, GradientsMatchCentralDifferences) {
  const GaussianProcess gp = small_gp();
  std::vector<std::unique_ptr<Acquisition>> acquisitions;
  acquisitions.push_back(std::make_unique<ExpectedImprovement>(gp, 1.0));
  acquisitions.push_back(std::make_unique<LogExpectedImprovement>(gp, 1.0));
  acquisitions.push_back(std::make_unique<LogExpectedImprovement>(gp, 8.0));
  acquisitions.push_back(std::make_unique<ProbabilityOfImprovement>(gp, 1.0));
  acquisitions.push_back(std::make_unique<UpperConfidenceBound>(gp, 4.0));
  for (std::size_t a = 0; a < acquisitions.size(); ++a) {
    for (const Eigen::Vector2d& x : {Eigen::Vector2d(0.0, 1.0), Eigen::Vector2d(0.6, 0.3)}) {
      Eigen::VectorXd g;
      const double v = acquisitions[a]->value(x, &g);
      EXPECT_NEAR(v, acquisitions[a]->values(x.transpose())[0], 1e-12 * std::max(1.0, std::abs(v)));
      const double h = 1e-6;
      Eigen::Vector2d fd;
      for (int i = 0; i < 2; ++i) {
        Eigen::Vector2d p = x, m = x;
        p[i] += h;
        m[i] -= h;
        fd[i] = (acquisitions[a]->value(p) - acquisitions[a]->value(m)) / (2 * h);
      }
      EXPECT_LT((g - fd).norm(), 1e-6 * std::max(1.0, fd.norm()))
          << "acquisition " << a << " at " << x.transpose();
    }
  }
}

TEST(UpperConfidenceBound, IsMeanPlusRootBetaDeviation) {
  const GaussianProcess gp = small_gp();
  const Eigen::Vector2d x(0.3, 0.7);
  const auto p = gp.predict(x.transpose());
  EXPECT_NEAR(UpperConfidenceBound(gp, 4.0).value(x), p.mean[0] + 2 * std::sqrt(p.variance[0]),
              1e-12);
  EXPECT_THROW(UpperConfidenceBound(gp, -1.0), std::invalid_argument);
}

}  // namespace
