// Writing one's own acquisition, as docs/writing-a-plugin.md ("Toolkit recipes") shows it: a
// subclass of PosteriorAcquisition gives u(μ, σ) and its two partial derivatives, and inherits
// batched values, the gradient in x and the optimizer. The class here is the page's example.
#include <bopp/bo/acquisition_optimizer.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace bopp::bo;

// u = μ + κ σ², an optimistic bound with a variance bonus (the page's example).
class VarianceBonus : public PosteriorAcquisition {
 public:
  VarianceBonus(const GaussianProcess& gp, double kappa)
      : PosteriorAcquisition(gp), kappa_(kappa) {}

 protected:
  double utility(double mean, double sd, double* d_mean, double* d_sd) const override {
    if (d_mean != nullptr) *d_mean = 1.0;
    if (d_sd != nullptr) *d_sd = 2.0 * kappa_ * sd;
    return mean + kappa_ * sd * sd;
  }

 private:
  double kappa_;
};

GaussianProcess small_gp() {
  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::Vector2d(-1, 0),
                     Eigen::Vector2d(1, 2));
  gp.set_hyperparameters({Eigen::Vector2d(0.3, 0.4), 1.0, 1e-3, 0.0});
  Eigen::MatrixXd X(5, 2);
  X << -0.8, 0.1, 0.2, 1.5, 0.9, 0.4, -0.1, 0.9, 0.5, 1.9;
  gp.condition(X, Eigen::VectorXd(Eigen::Vector<double, 5>(0.3, 1.2, -0.4, 0.8, 0.1)));
  return gp;
}

TEST(CustomAcquisition, ValuesAreTheUtilityOfThePosterior) {
  const GaussianProcess gp = small_gp();
  const VarianceBonus bonus(gp, 0.5);
  Eigen::MatrixXd X(3, 2);
  X << 0.0, 1.0, -0.5, 0.2, 0.7, 1.7;
  const auto p = gp.predict(X);
  const Eigen::VectorXd values = bonus.values(X);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    EXPECT_NEAR(values[i], p.mean[i] + 0.5 * p.variance[i], 1e-12) << i;
    EXPECT_NEAR(bonus.value(X.row(i).transpose()), values[i], 1e-12) << i;
  }
}

TEST(CustomAcquisition, TheInheritedGradientMatchesCentralDifferences) {
  const GaussianProcess gp = small_gp();
  const VarianceBonus bonus(gp, 0.5);
  for (const Eigen::Vector2d& x : {Eigen::Vector2d(0.0, 1.0), Eigen::Vector2d(-0.3, 0.6)}) {
    Eigen::VectorXd g;
    bonus.value(x, &g);
    for (int k = 0; k < 2; ++k) {
      Eigen::Vector2d e = Eigen::Vector2d::Zero();
      e[k] = 1e-6;
      const double fd = (bonus.value(x + e) - bonus.value(x - e)) / 2e-6;
      EXPECT_NEAR(g[k], fd, 1e-6 * std::max(1.0, std::abs(fd))) << k;
    }
  }
}

TEST(CustomAcquisition, TheOptimizerMaximizesIt) {
  const GaussianProcess gp = small_gp();
  const VarianceBonus bonus(gp, 0.5);
  AcquisitionOptimizerOptions options;
  options.raw_samples = 128;
  options.restarts = 4;
  const Eigen::Vector2d lower(-1, 0), upper(1, 2);
  const AcquisitionMaximum best = maximize_acquisition(bonus, lower, upper, options, 7);
  // No point of a fine grid beats the optimizer's answer by more than the grid can resolve.
  double grid_best = -INFINITY;
  for (int i = 0; i <= 100; ++i) {
    for (int j = 0; j <= 100; ++j) {
      grid_best = std::max(grid_best, bonus.value(Eigen::Vector2d(-1 + 0.02 * i, 0.02 * j)));
    }
  }
  EXPECT_GE(best.value, grid_best - 1e-6);
  EXPECT_TRUE((best.x.array() >= lower.array()).all() && (best.x.array() <= upper.array()).all());
}

}  // namespace
