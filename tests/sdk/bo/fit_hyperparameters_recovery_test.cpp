// Hyperparameter fitting at the toolkit's acceptance scale: lengthscales recovered from 500 samples
// of a GP with known hyperparameters. Slow under sanitizers in a Debug build: label paper.
#include <bopp/bo/fit_hyperparameters.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include "gp_sample_data.hpp"

#include <random>

namespace {

using namespace bopp::bo;

using test::sample_gp;

TEST(FitHyperparameters, RecoversTrueLengthscalesFrom500Samples) {
  Kernel truth(KernelType::matern52, 3);
  const Eigen::Vector3d lengthscales(0.15, 0.3, 0.6);
  truth.set_lengthscales(lengthscales);
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 0.01, 500, 11, X, y);

  GaussianProcess gp(Kernel(KernelType::matern52, 3), Eigen::VectorXd::Zero(3),
                     Eigen::VectorXd::Ones(3));
  gp.condition(X, y);
  FitOptions options;
  options.random_restarts = 0;  // the default start (ℓ = 0.5) is good enough; keeps CI fast
  options.max_evaluations = 60;
  fit_hyperparameters(gp, options, 1);
  const Eigen::VectorXd fitted = gp.kernel().lengthscales();
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(fitted[i], lengthscales[i], 0.3 * lengthscales[i])
        << "dimension " << i << ": " << fitted.transpose();
}

}  // namespace
