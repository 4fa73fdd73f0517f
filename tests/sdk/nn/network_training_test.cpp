// The allocation-free network training: in double it is train_regularized on network_fit (the
// same iteration, stop rule and result, to rounding), its fit is network_fit's; in float it stays
// within a bound of double on a small network; sizes and precision names are checked.
#include <bopp/nn/network_training.hpp>
#include <bopp/nn/tangent_models.hpp>

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>

namespace {

using namespace bopp::nn;

Eigen::VectorXd gaussian_vector(Eigen::Index n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = normal(rng);
  return v;
}

Eigen::MatrixXd points_in_unit_cube(Eigen::Index n, Eigen::Index d, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u;
  Eigen::MatrixXd X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
  return X;
}

Mlp net(Activation activation, int depth, Eigen::Index width) {
  MlpShape shape;
  shape.input_dim = 3;
  shape.depth = depth;
  shape.width = width;
  shape.activation = activation;
  return Mlp(shape);
}

struct Data {
  Eigen::MatrixXd X;
  Eigen::VectorXd y, offsets, theta0;
};

Data data_for(const Mlp& mlp, Eigen::Index n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Data d;
  d.X = points_in_unit_cube(n, 3, rng);
  d.y = gaussian_vector(n, rng);
  d.offsets = 0.3 * gaussian_vector(n, rng);
  d.theta0 = gaussian_vector(mlp.parameter_count(), rng);
  return d;
}

class NetworkTrainingDouble : public ::testing::TestWithParam<std::tuple<Activation, int>> {};

TEST_P(NetworkTrainingDouble, IsTrainRegularizedOnNetworkFit) {
  const auto [activation, depth] = GetParam();
  const Mlp mlp = net(activation, depth, 16);
  const Data d = data_for(mlp, 9, 1);
  TrainingOptions options;
  options.max_steps = 40;
  options.step_scales = mlp.standard_parameterization_steps();
  const double lambda = 0.01, beta = 1.3;
  const TrainingResult generic = train_regularized(network_fit(mlp, d.X, d.y, d.offsets, beta), 9,
                                                   lambda, d.theta0, d.theta0, options);
  const TrainingResult fast = train_network(mlp, d.X, d.y, d.offsets, beta, lambda, d.theta0,
                                            d.theta0, options, Precision::float64);
  EXPECT_EQ(fast.steps, generic.steps);
  EXPECT_LT((fast.theta - generic.theta).norm(), 1e-12 * generic.theta.norm());
  EXPECT_NEAR(fast.loss, generic.loss, 1e-12 * generic.loss);
  EXPECT_NEAR(fast.gradient_norm, generic.gradient_norm, 1e-9 * generic.gradient_norm);
}

TEST_P(NetworkTrainingDouble, FitIsNetworkFit) {
  const auto [activation, depth] = GetParam();
  const Mlp mlp = net(activation, depth, 8);
  const Data d = data_for(mlp, 5, 2);
  Eigen::VectorXd expected, gradient;
  const double value = network_fit(mlp, d.X, d.y, d.offsets, 0.7)(d.theta0, expected);
  NetworkTraining<double> training(mlp, d.X, d.y, d.offsets, 0.7);
  EXPECT_NEAR(training.fit(d.theta0, gradient), value, 1e-12 * value);
  EXPECT_LT((gradient - expected).norm(), 1e-12 * expected.norm());
}

TEST_P(NetworkTrainingDouble, GradientToleranceStopsAsTrainRegularizedDoes) {
  const auto [activation, depth] = GetParam();
  const Mlp mlp = net(activation, depth, 8);
  const Data d = data_for(mlp, 6, 3);
  TrainingOptions options;
  options.max_steps = 100000;
  options.gradient_tolerance = 0.05;
  options.step_scales = mlp.standard_parameterization_steps();
  const TrainingResult generic = train_regularized(network_fit(mlp, d.X, d.y, d.offsets, 1.0), 6,
                                                   0.1, d.theta0, d.theta0, options);
  const TrainingResult fast = train_network(mlp, d.X, d.y, d.offsets, 1.0, 0.1, d.theta0, d.theta0,
                                            options, Precision::float64);
  ASSERT_LT(generic.steps, options.max_steps);
  EXPECT_EQ(fast.steps, generic.steps);
}

INSTANTIATE_TEST_SUITE_P(Shapes, NetworkTrainingDouble,
                         ::testing::Combine(::testing::Values(Activation::relu, Activation::erf),
                                            ::testing::Values(0, 1, 2)));

// Float against double on a small network of the STO-BNTS form: 500 standard-parameterization
// steps of the anchored loss. Rounding differences grow along the descent (measured: outputs
// 6.9e-4 of their spread apart on fresh points, parameters 1.2e-3 of the distance they moved);
// the bounds are 5-10 times that, far below what a wrong gradient or a lost step would give.
TEST(NetworkTrainingFloat, StaysCloseToDouble) {
  const Mlp mlp = net(Activation::relu, 2, 32);
  const Data d = data_for(mlp, 20, 4);
  TrainingOptions options;
  options.learning_rate = 1e-2;
  options.max_steps = 500;
  options.step_scales = mlp.standard_parameterization_steps();
  const TrainingResult wide = train_network(mlp, d.X, d.y, d.offsets, 1.0, 0.01, d.theta0, d.theta0,
                                            options, Precision::float64);
  const TrainingResult single = train_network(mlp, d.X, d.y, d.offsets, 1.0, 0.01, d.theta0,
                                              d.theta0, options, Precision::float32);
  EXPECT_EQ(single.steps, wide.steps);
  TrainingOptions untrained = options;
  untrained.max_steps = 0;
  EXPECT_LT(wide.loss, 0.5 * train_network(mlp, d.X, d.y, d.offsets, 1.0, 0.01, d.theta0, d.theta0,
                                           untrained, Precision::float64)
                                 .loss);  // it trained
  const double parameters = (single.theta - wide.theta).norm() / (wide.theta - d.theta0).norm();
  std::mt19937_64 rng(5);
  const Eigen::MatrixXd Z = points_in_unit_cube(200, 3, rng);
  const Eigen::VectorXd fw = mlp.values(Z, wide.theta), fs = mlp.values(Z, single.theta);
  const double outputs =
      (fs - fw).cwiseAbs().maxCoeff() / (fw.array() - fw.mean()).abs().maxCoeff();
  EXPECT_LT(parameters, 1e-2);
  EXPECT_LT(outputs, 5e-3);
  RecordProperty("parameter_difference", std::to_string(parameters));
  RecordProperty("output_difference", std::to_string(outputs));
  EXPECT_NEAR(single.loss, wide.loss, 1e-4 * wide.loss);
}

// The converged training (L-BFGS) reaches the minimizer of eq. (1). Without hidden layers the
// network is linear in θ, so the minimizer is -Linear's closed form (tangent_regression, whose
// features are then the network's own), to the precision's limit. The line search compares
// losses, and near θ* the loss rises by only ½ δᵀHδ ≥ ½ λ_min ‖δ‖² (H the mean-scaled loss's
// Hessian): only once that is below the loss's rounding ε L can no step be seen to descend. So
// the training stops within ‖θ − θ*‖ ≤ √(2 ε L / λ_min); where inside that depends on the
// rounding of the BLAS kernels (4e-7 or 5e-5 relative in float, on two kernels of one machine).
template <class Scalar>
class NetworkTrainingLbfgs : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(NetworkTrainingLbfgs, Precisions);

TYPED_TEST(NetworkTrainingLbfgs, ReachesTheClosedFormOfALinearNetwork) {
  constexpr bool single = std::is_same_v<TypeParam, float>;
  MlpShape shape;  // σ_b = 1: the bias as well conditioned as the weights, for float's sake
  shape.input_dim = 3;
  shape.depth = 0;
  shape.bias_std = 1.0;
  const Mlp mlp(shape);
  Data d = data_for(mlp, 12, 7);
  d.offsets.setZero();
  const double beta = 1.3, noise = 0.05, lambda = beta * beta * noise;
  TrainingOptions options;
  options.method = TrainingMethod::lbfgs;
  options.max_passes = 500;
  options.loss_tolerance = 0;
  options.gradient_tolerance = single ? 1e-5 : 1e-12;
  const TrainingResult trained = NetworkTraining<TypeParam>(mlp, d.X, d.y, d.offsets, beta)
                                     .train(lambda, d.theta0, d.theta0, options);
  const Eigen::VectorXd closed = tangent_regression(mlp, d.X, d.y, d.theta0, d.theta0, beta, noise);
  EXPECT_LT(trained.steps, options.max_passes);
  const Eigen::MatrixXd features = mlp.tangent_features(d.X, d.theta0);
  const double n = static_cast<double>(d.X.rows());
  const Eigen::MatrixXd hessian =
      (beta * beta * features.transpose() * features +
       lambda * Eigen::MatrixXd::Identity(features.cols(), features.cols())) /
      n;
  const double lowest = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(hessian).eigenvalues()[0];
  const double epsilon = std::numeric_limits<TypeParam>::epsilon();
  const double limit = std::sqrt(2 * epsilon * trained.loss / lowest);
  const double error = (trained.theta - closed).norm();
  EXPECT_LT(error, limit);
  EXPECT_LT(limit, (single ? 1e-3 : 1e-7) * closed.norm());  // the test is not vacuous
  this->RecordProperty("relative_error", std::to_string(error / closed.norm()));
}

// On a smooth network with hidden layers (erf; ReLU's kinks keep the gradient from vanishing):
// L-BFGS meets a tight gradient tolerance where as many steps of the reference code's gradient
// descent (lr 1e-3) leave twice its loss, the pass cap and the loss tolerance stop it, and a
// training replays to the bit.
TYPED_TEST(NetworkTrainingLbfgs, ConvergesWhereGradientDescentCrawls) {
  constexpr bool single = std::is_same_v<TypeParam, float>;
  const Mlp mlp = net(Activation::erf, 2, 16);
  const Data d = data_for(mlp, 10, 8);
  TrainingOptions options;
  options.method = TrainingMethod::lbfgs;
  options.max_passes = 3000;
  options.loss_tolerance = 0;
  options.gradient_tolerance = single ? 1e-3 : 1e-6;
  NetworkTraining<TypeParam> training(mlp, d.X, d.y, d.offsets, 1.0);
  const TrainingResult converged = training.train(0.1, d.theta0, d.theta0, options);
  ASSERT_LT(converged.steps, options.max_passes);
  TrainingOptions untrained = options;
  untrained.max_passes = 0;
  const TrainingResult start = training.train(0.1, d.theta0, d.theta0, untrained);
  EXPECT_EQ(start.steps, 0);
  EXPECT_LE(converged.gradient_norm, options.gradient_tolerance * start.gradient_norm);
  EXPECT_EQ(training.train(0.1, d.theta0, d.theta0, options).theta, converged.theta);

  TrainingOptions steps;
  steps.max_steps = converged.steps;
  steps.step_scales = mlp.standard_parameterization_steps();
  const TrainingResult descent = training.train(0.1, d.theta0, d.theta0, steps);
  EXPECT_LT(converged.loss, 0.5 * descent.loss);
  EXPECT_LT(converged.residual_rms, descent.residual_rms);

  TrainingOptions capped = options;
  capped.gradient_tolerance = 0;
  capped.max_passes = 7;
  EXPECT_EQ(training.train(0.1, d.theta0, d.theta0, capped).steps, 7);
  TrainingOptions loose = capped;
  loose.max_passes = 100000;
  loose.loss_tolerance = 0.5;  // the loss does not halve in every window of 100 passes
  EXPECT_LT(training.train(0.1, d.theta0, d.theta0, loose).steps, converged.steps);
  this->RecordProperty("passes", std::to_string(converged.steps));
  this->RecordProperty("loss", std::to_string(converged.loss) + " against gradient descent's " +
                                   std::to_string(descent.loss));
}

TEST(NetworkTraining, RejectsWrongSizesAndUnknownPrecisions) {
  const Mlp mlp = net(Activation::relu, 1, 4);
  const Data d = data_for(mlp, 3, 6);
  EXPECT_THROW(NetworkTraining<float>(mlp, d.X.leftCols(2), d.y, d.offsets, 1.0),
               std::invalid_argument);
  EXPECT_THROW(NetworkTraining<float>(mlp, d.X, d.y.head(2), d.offsets, 1.0),
               std::invalid_argument);
  NetworkTraining<float> training(mlp, d.X, d.y, d.offsets, 1.0);
  EXPECT_THROW(training.train(0.1, d.theta0, d.theta0.head(3), TrainingOptions{}),
               std::invalid_argument);
  EXPECT_EQ(precision_from_name("float"), Precision::float32);
  EXPECT_EQ(precision_from_name("double"), Precision::float64);
  EXPECT_THROW(precision_from_name("half"), std::invalid_argument);
  EXPECT_EQ(training_method_from_name("gd"), TrainingMethod::gradient_descent);
  EXPECT_EQ(training_method_from_name("lbfgs"), TrainingMethod::lbfgs);
  EXPECT_THROW(training_method_from_name("adam"), std::invalid_argument);
}

}  // namespace
