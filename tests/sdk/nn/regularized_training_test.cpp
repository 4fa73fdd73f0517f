// Anchored gradient descent: it reaches the ridge solution of a linear least-squares fit, each
// step is the scaled gradient step, and the gradient tolerance stops it early.
#include <bopp/nn/regularized_training.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

namespace {

using bopp::nn::SquaredErrorFit;
using bopp::nn::train_regularized;
using bopp::nn::TrainingOptions;

// ½ ‖Aθ − y‖² for a fixed 4 × 3 problem.
struct LinearProblem {
  Eigen::MatrixXd A{{1.0, 0.5, 0.0}, {0.2, 1.0, 0.3}, {0.0, 0.4, 1.0}, {0.7, 0.0, 0.2}};
  Eigen::VectorXd y{{1.0, -0.5, 2.0, 0.3}};
  SquaredErrorFit fit() const {
    return [A = A, y = y](const Eigen::VectorXd& theta, Eigen::VectorXd& gradient) {
      const Eigen::VectorXd r = A * theta - y;
      gradient = A.transpose() * r;
      return 0.5 * r.squaredNorm();
    };
  }
};

TEST(RegularizedTraining, ReachesTheRidgeSolutionAroundTheAnchor) {
  const LinearProblem problem;
  const Eigen::VectorXd anchor{{0.3, -1.0, 0.5}};
  const double lambda = 0.4;
  TrainingOptions options;
  options.learning_rate = 1.0;
  options.max_steps = 100000;
  options.gradient_tolerance = 1e-12;
  const auto result = train_regularized(problem.fit(), 4, lambda, anchor, anchor, options);
  // argmin ‖Aθ − y‖² + λ ‖θ − anchor‖².
  const Eigen::MatrixXd H =
      problem.A.transpose() * problem.A + lambda * Eigen::MatrixXd::Identity(3, 3);
  const Eigen::VectorXd expected =
      H.llt().solve(problem.A.transpose() * problem.y + lambda * anchor);
  EXPECT_LT((result.theta - expected).norm(), 1e-9);
  EXPECT_LT(result.steps, options.max_steps);
}

TEST(RegularizedTraining, OneStepIsTheScaledGradientStepOfTheMeanLoss) {
  const LinearProblem problem;
  const Eigen::VectorXd start{{1.0, 2.0, 3.0}};
  const Eigen::VectorXd anchor = Eigen::VectorXd::Zero(3);
  TrainingOptions options;
  options.learning_rate = 0.01;
  options.max_steps = 1;
  options.step_scales = Eigen::VectorXd{{1.0, 10.0, 100.0}};
  const auto result = train_regularized(problem.fit(), 4, 0.5, anchor, start, options);
  const Eigen::VectorXd gradient =
      (problem.A.transpose() * (problem.A * start - problem.y) + 0.5 * start) / 4;
  const Eigen::VectorXd expected = start - 0.01 * options.step_scales.cwiseProduct(gradient);
  EXPECT_LT((result.theta - expected).norm(), 1e-14);
  EXPECT_EQ(result.steps, 1);
}

TEST(RegularizedTraining, GradientToleranceStopsBeforeTheStepCap) {
  const LinearProblem problem;
  const Eigen::VectorXd start = Eigen::VectorXd::Zero(3);
  TrainingOptions options;
  options.learning_rate = 1.0;
  options.max_steps = 100000;
  options.gradient_tolerance = 1e-3;
  const auto loose = train_regularized(problem.fit(), 4, 0.1, start, start, options);
  options.gradient_tolerance = 0;
  options.max_steps = 50;
  const auto fixed = train_regularized(problem.fit(), 4, 0.1, start, start, options);
  EXPECT_LT(loose.steps, 100000);
  EXPECT_EQ(fixed.steps, 50);
}

}  // namespace
