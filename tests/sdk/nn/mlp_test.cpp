// The NTK-parameterized MLP: parameter gradients and input gradients against central
// differences, the forward-mode JVP and the layer-by-layer NTK against the explicit tangent
// features, and the empirical NTK of a wide network against the analytic NTK.
#include <bopp/nn/mlp.hpp>

#include <gtest/gtest.h>

#include <random>

namespace {

using bopp::nn::Activation;
using bopp::nn::Mlp;
using bopp::nn::MlpShape;

Eigen::VectorXd normal_vector(Eigen::Index n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = normal(rng);
  return v;
}

Mlp tiny(Activation activation) {
  MlpShape shape;
  shape.input_dim = 2;
  shape.depth = 2;
  shape.width = 8;
  shape.activation = activation;
  return Mlp(shape);
}

// Inputs whose pre-activations all stay clear of ReLU's kink, where f is smooth.
bool smooth_at(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) {
  const auto pass = mlp.backpropagate(X, theta);
  for (std::size_t l = 0; l + 1 < pass.pre_activations.size(); ++l)
    if (pass.pre_activations[l].cwiseAbs().minCoeff() < 1e-3) return false;
  return true;
}

class MlpDerivatives : public ::testing::TestWithParam<Activation> {};

TEST_P(MlpDerivatives, ParameterCountFollowsTheLayout) {
  EXPECT_EQ(tiny(GetParam()).parameter_count(), 8 * 3 + 8 * 9 + 9);
}

TEST_P(MlpDerivatives, TangentFeaturesMatchCentralDifferences) {
  const Mlp mlp = tiny(GetParam());
  std::mt19937_64 rng(1);
  const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
  Eigen::MatrixXd X(3, 2);
  X << 0.3, 0.8, 0.7, 0.1, 0.55, 0.45;
  ASSERT_TRUE(smooth_at(mlp, X, theta));
  const Eigen::MatrixXd features = mlp.tangent_features(X, theta);
  const double h = 1e-6;
  Eigen::MatrixXd numeric(X.rows(), mlp.parameter_count());
  for (Eigen::Index k = 0; k < theta.size(); ++k) {
    Eigen::VectorXd up = theta, down = theta;
    up[k] += h;
    down[k] -= h;
    numeric.col(k) = (mlp.values(X, up) - mlp.values(X, down)) / (2 * h);
  }
  EXPECT_LT((features - numeric).norm() / features.norm(), 1e-6);
}

TEST_P(MlpDerivatives, JacobianVectorProductsAreFeaturesTimesTangent) {
  const Mlp mlp = tiny(GetParam());
  std::mt19937_64 rng(2);
  const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
  const Eigen::VectorXd v = normal_vector(mlp.parameter_count(), rng);
  Eigen::MatrixXd X(4, 2);
  X << 0.3, 0.8, 0.7, 0.1, 0.55, 0.45, 0.0, 1.0;
  const Eigen::VectorXd expected = mlp.tangent_features(X, theta) * v;
  EXPECT_LT((mlp.jacobian_vector_products(X, theta, v) - expected).norm() / expected.norm(), 1e-12);
}

TEST_P(MlpDerivatives, LayerwiseTangentKernelIsTheFeatureGram) {
  const Mlp mlp = tiny(GetParam());
  std::mt19937_64 rng(3);
  const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
  Eigen::MatrixXd X(3, 2), Z(2, 2);
  X << 0.3, 0.8, 0.7, 0.1, 0.55, 0.45;
  Z << 0.2, 0.2, 0.9, 0.6;
  const Eigen::MatrixXd expected =
      mlp.tangent_features(X, theta) * mlp.tangent_features(Z, theta).transpose();
  const Eigen::MatrixXd kernel =
      mlp.tangent_kernel(mlp.backpropagate(X, theta), mlp.backpropagate(Z, theta));
  EXPECT_LT((kernel - expected).norm() / expected.norm(), 1e-12);
}

TEST_P(MlpDerivatives, PullbackIsFeaturesTransposedTimesWeights) {
  const Mlp mlp = tiny(GetParam());
  std::mt19937_64 rng(4);
  const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
  Eigen::MatrixXd X(3, 2);
  X << 0.3, 0.8, 0.7, 0.1, 0.55, 0.45;
  const Eigen::VectorXd alpha = normal_vector(3, rng);
  const Eigen::VectorXd expected = mlp.tangent_features(X, theta).transpose() * alpha;
  EXPECT_LT((mlp.pullback(mlp.backpropagate(X, theta), alpha) - expected).norm() / expected.norm(),
            1e-12);
}

TEST_P(MlpDerivatives, InputGradientsMatchCentralDifferences) {
  const Mlp mlp = tiny(GetParam());
  std::mt19937_64 rng(5);
  const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
  const Eigen::VectorXd v = normal_vector(mlp.parameter_count(), rng);
  const Eigen::Vector2d x(0.3, 0.8);
  ASSERT_TRUE(smooth_at(mlp, x.transpose(), theta));
  Eigen::VectorXd value_gradient, jvp_gradient;
  EXPECT_DOUBLE_EQ(mlp.value(x, theta, &value_gradient), mlp.values(x.transpose(), theta)[0]);
  EXPECT_DOUBLE_EQ(mlp.jacobian_vector_product(x, theta, v, &jvp_gradient),
                   mlp.jacobian_vector_products(x.transpose(), theta, v)[0]);
  const double h = 1e-6;
  Eigen::Vector2d value_numeric, jvp_numeric;
  for (Eigen::Index j = 0; j < 2; ++j) {
    Eigen::VectorXd up = x, down = x;
    up[j] += h;
    down[j] -= h;
    value_numeric[j] = (mlp.value(up, theta) - mlp.value(down, theta)) / (2 * h);
    jvp_numeric[j] =
        (mlp.jacobian_vector_product(up, theta, v) - mlp.jacobian_vector_product(down, theta, v)) /
        (2 * h);
  }
  EXPECT_LT((value_gradient - value_numeric).norm() / value_numeric.norm(), 1e-6);
  EXPECT_LT((jvp_gradient - jvp_numeric).norm() / jvp_numeric.norm(), 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Activations, MlpDerivatives,
                         ::testing::Values(Activation::relu, Activation::erf));

// Θ(x, x') of the infinite-width NTK for σ_w = 1.5, σ_b = 0.05, L = 2, x = (0.3, 0.8),
// x' = (0.7, 0.1), from the recursion of Jacot et al. 2018 (Arora et al. 2019, eq. 7) with the
// ReLU and erf expectations in closed form: 1.1467 (ReLU), 1.3138 (erf). The mean of the
// empirical NTK over 40 networks of width 256 lies within four standard errors of it (the
// empirical standard deviations are about 0.28 and 0.16).
struct WideKernelCase {
  Activation activation;
  double ntk;
  double tolerance;
};

class EmpiricalNtk : public ::testing::TestWithParam<WideKernelCase> {};

TEST_P(EmpiricalNtk, MeanOverWideNetworksApproachesTheAnalyticKernel) {
  MlpShape shape;
  shape.input_dim = 2;
  shape.depth = 2;
  shape.width = 256;
  shape.activation = GetParam().activation;
  const Mlp mlp(shape);
  Eigen::MatrixXd X(1, 2), Z(1, 2);
  X << 0.3, 0.8;
  Z << 0.7, 0.1;
  std::mt19937_64 rng(6);
  double sum = 0.0;
  const int networks = 40;
  for (int s = 0; s < networks; ++s) {
    const Eigen::VectorXd theta = normal_vector(mlp.parameter_count(), rng);
    sum += mlp.tangent_kernel(mlp.backpropagate(X, theta), mlp.backpropagate(Z, theta))(0, 0);
  }
  EXPECT_NEAR(sum / networks, GetParam().ntk, GetParam().tolerance);
}

INSTANTIATE_TEST_SUITE_P(Activations, EmpiricalNtk,
                         ::testing::Values(WideKernelCase{Activation::relu, 1.1467, 0.18},
                                           WideKernelCase{Activation::erf, 1.3138, 0.10}));

TEST(MlpSteps, StandardParameterizationStepsAreFanInOverWeightVariance) {
  MlpShape shape;
  shape.input_dim = 3;
  shape.depth = 1;
  shape.width = 4;
  const Mlp mlp(shape);
  const Eigen::VectorXd steps = mlp.standard_parameterization_steps();
  EXPECT_DOUBLE_EQ(steps[0], 3 / 2.25);                     // first-layer weight
  EXPECT_DOUBLE_EQ(steps[12], 400.0);                       // first-layer bias, 1/0.05²
  EXPECT_DOUBLE_EQ(steps[mlp.layer_offset(2)], 4 / 2.25);   // output weight
  EXPECT_DOUBLE_EQ(steps[mlp.parameter_count() - 1], 400);  // output bias
}

TEST(MlpShape, RejectsUnknownActivation) {
  EXPECT_THROW(bopp::nn::activation_from_name("tanh"), std::invalid_argument);
}

}  // namespace
