// Hyperparameter fitting: recovers known lengthscales, never ends below its warm start,
// keeps fixed what it is told to keep, and starts large fits on a subset.
#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/marginal_likelihood.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include "gp_sample_data.hpp"

#include <random>

namespace {

using namespace bopp::bo;

using test::sample_gp;

TEST(FitHyperparameters, RecoversTrueLengthscalesFromFewSamples) {
  // The fast version of fit_hyperparameters_recovery_test (500 samples, label paper).
  Kernel truth(KernelType::matern52, 2);
  const Eigen::Vector2d lengthscales(0.15, 0.4);
  truth.set_lengthscales(lengthscales);
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 0.01, 150, 11, X, y);

  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                     Eigen::VectorXd::Ones(2));
  gp.condition(X, y);
  FitOptions options;
  options.random_restarts = 0;
  options.max_evaluations = 60;
  fit_hyperparameters(gp, options, 1);
  const Eigen::VectorXd fitted = gp.kernel().lengthscales();
  for (int i = 0; i < 2; ++i)
    EXPECT_NEAR(fitted[i], lengthscales[i], 0.3 * lengthscales[i])
        << "dimension " << i << ": " << fitted.transpose();
}

TEST(FitHyperparameters, ImprovesOnTheWarmStartAndLeavesFittedModel) {
  Kernel truth(KernelType::rbf, 2);
  truth.set_lengthscales(Eigen::Vector2d(0.2, 0.4));
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 1e-3, 30, 3, X, y);
  GaussianProcess gp(Kernel(KernelType::rbf, 2), Eigen::VectorXd::Zero(2),
                     Eigen::VectorXd::Ones(2));
  gp.condition(X, y);
  const double before = log_marginal_likelihood(gp);
  FitOptions options;
  options.random_restarts = 2;
  const FitResult result = fit_hyperparameters(gp, options, 7);
  EXPECT_EQ(result.starts, 3);
  EXPECT_GT(result.evaluations, 3);
  EXPECT_GT(result.objective, before);
  EXPECT_NEAR(log_marginal_likelihood(gp), result.objective, 1e-8 * std::abs(result.objective));
}

TEST(FitHyperparameters, WithoutTheWarmStartRunsOnlyTheRestartsItWouldHaveRun) {
  Kernel truth(KernelType::rbf, 2);
  truth.set_lengthscales(Eigen::Vector2d(0.2, 0.4));
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 1e-3, 30, 3, X, y);
  auto fitted = [&](bool warm_start, int restarts) {
    GaussianProcess gp(Kernel(KernelType::rbf, 2), Eigen::VectorXd::Zero(2),
                       Eigen::VectorXd::Ones(2));
    gp.condition(X, y);
    FitOptions options;
    options.random_restarts = restarts;
    options.warm_start = warm_start;
    return fit_hyperparameters(gp, options, 7);
  };
  const FitResult restarts = fitted(false, 2);
  EXPECT_EQ(restarts.starts, 2);
  EXPECT_EQ(restarts.failed_starts, 0);
  // The warm start and the restarts apart: their evaluations add up to the search of both.
  const FitResult warm = fitted(true, 0);
  EXPECT_EQ(warm.starts, 1);
  const FitResult both = fitted(true, 2);
  EXPECT_EQ(warm.evaluations + restarts.evaluations, both.evaluations);
  EXPECT_EQ(std::max(warm.objective, restarts.objective), both.objective);
}

TEST(FitHyperparameters, KeepsFixedNoiseAndMeanAndAddsPriorToObjective) {
  Kernel truth(KernelType::matern32, 2);
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 1e-2, 25, 5, X, y);
  GaussianProcess gp(Kernel(KernelType::matern32, 2), Eigen::VectorXd::Zero(2),
                     Eigen::VectorXd::Ones(2));
  gp.set_hyperparameters({Eigen::Vector2d(0.5, 0.5), 1.0, 0.01, 0.0});
  gp.condition(X, y);
  FitOptions options;
  options.learn_noise = false;
  options.learn_mean = false;
  options.priors = HyperparameterPriors::botorch();
  const FitResult result = fit_hyperparameters(gp, options, 2);
  EXPECT_EQ(gp.noise_variance(), 0.01);
  EXPECT_EQ(gp.mean_constant(), 0.0);
  const auto h = gp.hyperparameters();
  double log_prior = options.priors.outputscale->log_density(h.outputscale);
  for (int i = 0; i < 2; ++i)
    log_prior += options.priors.lengthscale->log_density(h.lengthscales[i]);
  EXPECT_NEAR(result.objective, log_marginal_likelihood(gp) + log_prior,
              1e-8 * std::abs(result.objective));
}

// FitOptions::subset_size: the starts run on a random subset, the best is polished on all the
// data; it must reach the direct fit's likelihood with fewer evaluations on all the data.
TEST(FitHyperparameters, StartsOnASubsetAndReachesTheDirectFitsLikelihood) {
  Kernel truth(KernelType::matern52, 3);
  truth.set_lengthscales(Eigen::Vector3d(0.2, 0.3, 0.5));
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  sample_gp(truth, 1e-2, 200, 13, X, y);
  struct Fit {
    FitResult result;
    Hyperparameters h;
  };
  auto fit = [&](int subset_size) {
    GaussianProcess gp(Kernel(KernelType::matern52, 3), Eigen::VectorXd::Zero(3),
                       Eigen::VectorXd::Ones(3));
    gp.condition(X, y);
    FitOptions options;
    options.random_restarts = 1;
    options.subset_size = subset_size;
    const FitResult result = fit_hyperparameters(gp, options, 4);
    return Fit{result, gp.hyperparameters()};
  };
  const Fit direct = fit(0);
  const Fit subset = fit(50);
  EXPECT_EQ(direct.result.subset_evaluations, 0);
  EXPECT_GT(subset.result.subset_evaluations, 0);
  // Two starts on all the data against one polish: about half as many (100-115 against 50 as
  // rounding moves the direct fit's path).
  EXPECT_LT(3 * subset.result.evaluations, 2 * direct.result.evaluations);
  EXPECT_GT(subset.result.objective,
            direct.result.objective - 1e-3 * std::abs(direct.result.objective));
  EXPECT_EQ(subset.result.starts, 2);

  const Fit again = fit(50);  // the subset and the starts come from the seed
  EXPECT_EQ(again.result.objective, subset.result.objective);
  EXPECT_EQ(again.h.lengthscales, subset.h.lengthscales);

  const Fit too_few = fit(101);  // 200 points are fewer than twice 101: no subset
  EXPECT_EQ(too_few.result.subset_evaluations, 0);
  EXPECT_EQ(too_few.result.objective, direct.result.objective);
  EXPECT_EQ(too_few.h.lengthscales, direct.h.lengthscales);
}

TEST(FitHyperparameters, ThrowsWithoutData) {
  GaussianProcess gp(Kernel(KernelType::rbf, 1), Eigen::VectorXd::Zero(1),
                     Eigen::VectorXd::Ones(1));
  EXPECT_THROW(fit_hyperparameters(gp, {}, 0), std::invalid_argument);
}

TEST(GammaPrior, LogDensityMatchesClosedForm) {
  const GammaPrior p{3.0, 6.0};
  // Gamma(3, 6) density at 0.5: 6³/Γ(3) · 0.5² · e^{−3}.
  EXPECT_NEAR(p.log_density(0.5), std::log(216.0 / 2.0 * 0.25 * std::exp(-3.0)), 1e-12);
  EXPECT_NEAR(p.log_density_gradient(0.5), 2.0 - 3.0, 1e-15);
}

}  // namespace
