// Random Fourier features: inner products approximate each kernel; gradient in u.
#include <bopp/bo/random_fourier_features.hpp>

#include <gtest/gtest.h>

namespace {

using namespace bopp::bo;

TEST(RandomFourierFeatures, InnerProductsApproximateEveryKernel) {
  Eigen::MatrixXd U(4, 2);
  U << 0.1, 0.2, 0.15, 0.3, 0.5, 0.5, 0.9, 0.1;
  for (auto type :
       {KernelType::rbf, KernelType::matern12, KernelType::matern32, KernelType::matern52}) {
    Kernel k(type, 2);
    k.set_lengthscales(Eigen::Vector2d(0.2, 0.4));
    k.set_outputscale(2.0);
    const RandomFourierFeatures rff(k, 10000, 5);
    const Eigen::MatrixXd F = rff.features(U);
    // Monte Carlo error of D = 10000 features is about σ² √(2/D) ≈ 0.03 per entry.
    EXPECT_LT((F * F.transpose() - k.matrix(U)).cwiseAbs().maxCoeff(), 0.12)
        << kernel_type_name(type);
  }
}

TEST(RandomFourierFeatures, GradientMatchesCentralDifferences) {
  Kernel k(KernelType::matern52, 3);
  const RandomFourierFeatures rff(k, 50, 1);
  const Eigen::VectorXd w = Eigen::VectorXd::LinSpaced(50, -1, 1);
  const Eigen::Vector3d u(0.2, 0.5, 0.7);
  const Eigen::VectorXd g = rff.gradient(u, w);
  const double h = 1e-6;
  for (int i = 0; i < 3; ++i) {
    Eigen::Vector3d p = u, m = u;
    p[i] += h;
    m[i] -= h;
    const double fd =
        ((rff.features(p.transpose()) - rff.features(m.transpose())) * w)(0, 0) / (2 * h);
    EXPECT_NEAR(g[i], fd, 1e-6 * std::max(1.0, std::abs(fd)));
  }
}

}  // namespace
