// Log marginal likelihood: value against a direct dense evaluation, gradient against
// central differences, for every kernel.
#include <bopp/bo/marginal_likelihood.hpp>

#include <gtest/gtest.h>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace {

using namespace bopp::bo;

const KernelType all_types[] = {KernelType::rbf, KernelType::matern12, KernelType::matern32,
                                KernelType::matern52};

struct Data {
  Eigen::MatrixXd U;
  Eigen::VectorXd z;
};

Data small_data(Eigen::Index n = 12) {
  std::srand(5);
  Data d;
  d.U = (Eigen::MatrixXd::Random(n, 3).array() + 1) / 2;
  d.z = (d.U.col(0).array() * 3).sin().matrix() + d.U.col(1) - d.U.col(2).cwiseAbs2();
  return d;
}

double lml_at(KernelType type, const Eigen::VectorXd& theta, const Data& d,
              Eigen::VectorXd* g = nullptr) {
  const HyperparameterLayout layout{3};
  const Hyperparameters h = layout.unpack(theta);
  Kernel k(type, 3);
  k.set_lengthscales(h.lengthscales);
  k.set_outputscale(h.outputscale);
  return log_marginal_likelihood(k, h.noise_variance, h.mean, d.U, d.z, g);
}

Eigen::VectorXd some_theta() {
  Eigen::VectorXd theta(6);
  theta << std::log(0.3), std::log(0.6), std::log(1.2), std::log(1.5), std::log(0.02), 0.1;
  return theta;
}

// n = 12 stays inside one dense block of the in-place inverse of K_y; n = 150 goes through
// its recursive halving (blocks below 64 rows are dense), with halves of unequal size.
class ByDataSize : public ::testing::TestWithParam<Eigen::Index> {};
INSTANTIATE_TEST_SUITE_P(MarginalLikelihood, ByDataSize, ::testing::Values(12, 150));

TEST_P(ByDataSize, ValueMatchesDirectDenseEvaluation) {
  const Eigen::Index n = GetParam();
  const Data d = small_data(n);
  for (auto type : all_types) {
    const Hyperparameters h = HyperparameterLayout{3}.unpack(some_theta());
    Kernel k(type, 3);
    k.set_lengthscales(h.lengthscales);
    k.set_outputscale(h.outputscale);
    Eigen::MatrixXd K(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j)
        K(i, j) = k(d.U.row(i).transpose(), d.U.row(j).transpose());
    K.diagonal().array() += h.noise_variance;
    const Eigen::VectorXd r = d.z.array() - h.mean;
    const auto lu = K.fullPivLu();
    const double direct = -0.5 * r.dot(lu.solve(r)) - 0.5 * std::log(lu.determinant()) -
                          0.5 * static_cast<double>(n) * std::log(2 * std::numbers::pi);
    EXPECT_NEAR(lml_at(type, some_theta(), d), direct, 1e-10 * std::abs(direct))
        << kernel_type_name(type);
  }
}

TEST_P(ByDataSize, GradientMatchesCentralDifferences) {
  const Data d = small_data(GetParam());
  for (auto type : all_types) {
    Eigen::VectorXd g;
    lml_at(type, some_theta(), d, &g);
    Eigen::VectorXd fd(6);
    const double h = 1e-6;
    for (int i = 0; i < 6; ++i) {
      Eigen::VectorXd p = some_theta(), m = some_theta();
      p[i] += h;
      m[i] -= h;
      fd[i] = (lml_at(type, p, d) - lml_at(type, m, d)) / (2 * h);
    }
    EXPECT_LT((g - fd).norm() / fd.norm(), 1e-6) << kernel_type_name(type) << "\n"
                                                 << g.transpose() << "\n"
                                                 << fd.transpose();
    // Each on its own too: the outputscale's and the noise's are not sums over K's entries but
    // an identity, and a small one could hide in the norm.
    for (int i = 0; i < 6; ++i)
      EXPECT_NEAR(g[i], fd[i], 1e-5 * std::max(1.0, std::abs(fd[i])))
          << kernel_type_name(type) << ", parameter " << i;
  }
}

TEST(MarginalLikelihood, AFactorizationThatNeedsJitterKeepsValueAndGradientConsistent) {
  // Two points given twice make K singular, and a noise of −10⁻⁶ makes K_y indefinite: the
  // factorization fails (past its first 64-row block) and falls back to robust_cholesky's
  // jitter. The gradient must then come from the inverse of that jittered factor: it matches
  // central differences of the value along every lengthscale.
  Data d = small_data(90);
  d.U.row(89) = d.U.row(3);
  d.z[89] = d.z[3];
  d.U.row(88) = d.U.row(70);
  d.z[88] = d.z[70];
  Kernel k(KernelType::matern52, 3);
  k.set_lengthscales(Eigen::Vector3d(0.3, 0.6, 1.2));
  k.set_outputscale(1.5);
  std::vector<std::string> messages;
  const LogCallback log = [&](const std::string& m) { messages.push_back(m); };
  const auto value_at = [&](const Eigen::Vector3d& lengthscales, Eigen::VectorXd* g) {
    Kernel kk = k;
    kk.set_lengthscales(lengthscales);
    return log_marginal_likelihood(kk, -1e-6, 0.1, d.U, d.z, g, log);
  };
  Eigen::VectorXd g;
  const Eigen::Vector3d l = k.lengthscales();
  const double value = value_at(l, &g);
  ASSERT_TRUE(std::isfinite(value));
  ASSERT_FALSE(messages.empty());
  EXPECT_NE(messages.front().find("jitter"), std::string::npos) << messages.front();
  for (int i = 0; i < 3; ++i) {
    const double h = 1e-5;
    Eigen::Vector3d up = l, down = l;
    up[i] *= std::exp(h);
    down[i] *= std::exp(-h);
    const double numeric = (value_at(up, nullptr) - value_at(down, nullptr)) / (2 * h);
    EXPECT_NEAR(g[i], numeric, 1e-4 * std::max(1.0, std::abs(numeric))) << "lengthscale " << i;
  }
}

TEST(MarginalLikelihood, GaussianProcessOverloadUsesItsModelUnits) {
  const Data d = small_data();
  GaussianProcess gp(Kernel(KernelType::matern52, 3), Eigen::VectorXd::Zero(3),
                     Eigen::VectorXd::Ones(3));
  gp.set_hyperparameters(HyperparameterLayout{3}.unpack(some_theta()));
  gp.condition(d.U, d.z, OutputScaling{});
  EXPECT_NEAR(log_marginal_likelihood(gp), lml_at(KernelType::matern52, some_theta(), d), 1e-12);
}

}  // namespace
