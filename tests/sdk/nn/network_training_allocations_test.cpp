// One workspace per training: a training of 50 steps or L-BFGS passes allocates what one of 5
// does (its setup and its result), in float and double. The heap allocations are counted by
// wrapping glibc's malloc in this program (Eigen and OpenBLAS allocate through it); the sanitizer
// build, which intercepts malloc itself, skips the count.
#include <bopp/nn/network_training.hpp>

#include "malloc_count.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace bopp::nn;

template <class Scalar>
long allocations_of_a_training(int steps,
                               TrainingMethod method = TrainingMethod::gradient_descent) {
  MlpShape shape;
  shape.input_dim = 4;
  shape.width = 64;
  const Mlp mlp(shape);
  std::mt19937_64 rng(1);
  std::normal_distribution<double> normal;
  const auto draw = [&] { return normal(rng); };
  const Eigen::MatrixXd X = Eigen::MatrixXd::NullaryExpr(30, 4, draw);
  const Eigen::VectorXd y = Eigen::VectorXd::NullaryExpr(30, draw);
  const Eigen::VectorXd theta0 = Eigen::VectorXd::NullaryExpr(mlp.parameter_count(), draw);
  TrainingOptions options;
  options.method = method;
  options.max_steps = steps;
  options.max_passes = steps;
  options.loss_tolerance = 0;
  options.step_scales = mlp.standard_parameterization_steps();
  NetworkTraining<Scalar> training(mlp, X, y, Eigen::VectorXd::Zero(30), 1.0);
  const long before = bopp::test::heap_allocations.load();
  const TrainingResult result = training.train(0.01, theta0, theta0, options);
  const long made = bopp::test::heap_allocations.load() - before;
  EXPECT_EQ(result.steps, steps);
  return made;
}

template <class Scalar>
class NetworkTrainingAllocations : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(NetworkTrainingAllocations, Precisions);

TYPED_TEST(NetworkTrainingAllocations, NoneInAStep) {
  if (!bopp::test::kCountsMalloc) GTEST_SKIP() << "the sanitizer intercepts malloc";
  allocations_of_a_training<TypeParam>(5);  // the BLAS's own first-call setup
  const long few = allocations_of_a_training<TypeParam>(5);
  EXPECT_GT(few, 0);  // the count works: the result's parameters at least
  EXPECT_EQ(allocations_of_a_training<TypeParam>(50), few);
}

// L-BFGS: its solver's vectors once per training; per pass nothing but LBFGS++ 0.1.0's own two
// temporaries of an iteration (its curvature-pair update binds s and y, expressions, to
// Eigen::Ref), which an iteration of one pass makes at most.
TYPED_TEST(NetworkTrainingAllocations, NoneInAnLbfgsPassButTheSolversPair) {
  if (!bopp::test::kCountsMalloc) GTEST_SKIP() << "the sanitizer intercepts malloc";
  allocations_of_a_training<TypeParam>(5, TrainingMethod::lbfgs);
  const long few = allocations_of_a_training<TypeParam>(5, TrainingMethod::lbfgs);
  EXPECT_GT(few, 0);
  const long many = allocations_of_a_training<TypeParam>(50, TrainingMethod::lbfgs);
  EXPECT_LE(many - few, 2 * 45);
  this->RecordProperty("per_pass", std::to_string(static_cast<double>(many - few) / 45));
}

}  // namespace
