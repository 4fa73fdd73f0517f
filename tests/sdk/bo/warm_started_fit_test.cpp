// The global-BO fit: the first fit starts from the kernel's defaults and a set noise, every
// later one from the last fit's hyperparameters; both are fit_hyperparameters on the GP
// conditioned on the data.
#include <bopp/bo/warm_started_fit.hpp>

#include <gtest/gtest.h>

#include "gp_sample_data.hpp"

#include <string>
#include <vector>

namespace {

using namespace bopp::bo;

struct Data {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
};

Data sample(int n, std::uint64_t seed) {
  Kernel truth(KernelType::matern52, 2);
  truth.set_lengthscales(Eigen::Vector2d(0.2, 0.5));
  Data d;
  test::sample_gp(truth, 1e-3, n, seed, d.X, d.y);
  return d;
}

// The fit done by hand from a given start.
Hyperparameters fitted_from(const Hyperparameters& start, const Data& d,
                            const GlobalBoSettings& settings, std::uint64_t seed) {
  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                     Eigen::VectorXd::Ones(2));
  gp.set_hyperparameters(start);
  gp.condition(d.X, d.y);
  fit_hyperparameters(gp, settings.fit_options(), seed);
  return gp.hyperparameters();
}

void expect_same(const Hyperparameters& a, const Hyperparameters& b) {
  EXPECT_EQ(a.lengthscales, b.lengthscales);
  EXPECT_EQ(a.outputscale, b.outputscale);
  EXPECT_EQ(a.noise_variance, b.noise_variance);
  EXPECT_EQ(a.mean, b.mean);
}

TEST(WarmStartedFit, StartsFromTheDefaultsThenFromTheLastFit) {
  const GlobalBoSettings settings{.fit_restarts = 1};
  WarmStartedFit fit(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                     settings);
  EXPECT_FALSE(fit.last_fit().has_value());
  const Data first = sample(20, 1);
  const GaussianProcess gp = fit.fit(first.X, first.y, 5);
  Hyperparameters start = GaussianProcess(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                                          Eigen::VectorXd::Ones(2))
                              .hyperparameters();
  start.noise_variance = 1e-4;
  const Hyperparameters expected_first = fitted_from(start, first, settings, 5);
  expect_same(gp.hyperparameters(), expected_first);
  expect_same(*fit.last_fit(), expected_first);
  EXPECT_EQ(gp.size(), 20);

  const Data second = sample(30, 2);
  const GaussianProcess next = fit.fit(second.X, second.y, 6);
  expect_same(next.hyperparameters(), fitted_from(expected_first, second, settings, 6));
}

// Log lines of a fit, collected.
struct Lines {
  std::vector<std::string> lines;
  LogCallback callback() {
    return [this](const std::string& m) { lines.push_back(m); };
  }
};

TEST(WarmStartedFit, WithoutRestartsFitsFromTheWarmStartAlone) {
  const GlobalBoSettings settings{.fit_restarts = 2,
                                  .fit_restart = {.rule = FitRestartRule::never}};
  Lines log;
  WarmStartedFit fit(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                     settings, log.callback());
  const Data first = sample(20, 1);
  const Hyperparameters h = fit.fit(first.X, first.y, 5).hyperparameters();
  Hyperparameters start = GaussianProcess(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                                          Eigen::VectorXd::Ones(2))
                              .hyperparameters();
  start.noise_variance = 1e-4;
  expect_same(h, fitted_from(start, first, GlobalBoSettings{.fit_restarts = 0}, 5));
  ASSERT_EQ(log.lines.size(), 1u);
  EXPECT_NE(log.lines[0].find("no restart"), std::string::npos) << log.lines[0];
  EXPECT_EQ(fit.restart_schedule().fits(), 1);
}

TEST(WarmStartedFit, KeepsTheBetterOfTheWarmStartAndTheRestarts) {
  // The first fit always restarts under `scheduled`; what it keeps is at least as good as
  // either search alone and one of the two.
  const GlobalBoSettings settings{.fit_restarts = 2,
                                  .fit_restart = {.rule = FitRestartRule::scheduled}};
  Lines log;
  WarmStartedFit fit(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                     settings, log.callback());
  const Data d = sample(25, 4);
  const GaussianProcess gp = fit.fit(d.X, d.y, 9);
  Hyperparameters start = GaussianProcess(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                                          Eigen::VectorXd::Ones(2))
                              .hyperparameters();
  start.noise_variance = 1e-4;
  // Every fit searching warm start and restarts together ends at the same optimum value.
  GaussianProcess together(Kernel(KernelType::matern52, 2), Eigen::VectorXd::Zero(2),
                           Eigen::VectorXd::Ones(2));
  together.set_hyperparameters(start);
  together.condition(d.X, d.y);
  const double best = fit_hyperparameters(together, settings.fit_options(), 9).objective;
  GaussianProcess kept = gp;
  FitOptions none = settings.fit_options();
  none.max_evaluations = 1;
  none.random_restarts = 0;
  EXPECT_NEAR(fit_hyperparameters(kept, none, 1).objective, best, 1e-9 * std::abs(best));
  ASSERT_EQ(log.lines.size(), 1u);
  EXPECT_NE(log.lines[0].find("restarted"), std::string::npos) << log.lines[0];
}

TEST(WarmStartedFit, KeepsTheFixedNoiseAndRespectsTheBounds) {
  const GlobalBoSettings fixed{.learn_noise = false, .noise_variance = 3e-5};
  WarmStartedFit keep(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                      fixed);
  const Data d = sample(15, 3);
  EXPECT_EQ(keep.fit(d.X, d.y, 1).hyperparameters().noise_variance, 3e-5);

  HyperparameterBounds floor;
  floor.min_noise_variance = 1e-2;
  WarmStartedFit floored(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                         GlobalBoSettings{}, {}, floor);
  EXPECT_GE(floored.fit(d.X, d.y, 1).hyperparameters().noise_variance, 1e-2 * (1 - 1e-12));
}

TEST(WarmStartedFit, RefitsEveryKthCallAndConditionsOnTheDataBetween) {
  const GlobalBoSettings settings{.fit_restarts = 0};
  const auto make = [&] {
    return WarmStartedFit(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                          settings, {}, {}, {.refit_every = 3});
  };
  WarmStartedFit fit = make();
  std::vector<Data> data;
  for (int n = 12; n <= 15; ++n) data.push_back(sample(n, 4));
  const Hyperparameters first = fit.fit(data[0].X, data[0].y, 1).hyperparameters();
  for (int call = 1; call < 3; ++call) {
    const GaussianProcess gp = fit.fit(data[call].X, data[call].y, 99);
    expect_same(gp.hyperparameters(), first);
    EXPECT_EQ(gp.size(), data[call].X.rows());
    EXPECT_EQ(gp.output_scaling().mean, OutputScaling::standardizing(data[call].y).mean);
  }
  // A checkpoint taken between refits resumes the count.
  bopp::StateArchive archive;
  fit.save(archive);
  WarmStartedFit resumed = make();
  resumed.restore(archive);
  const Hyperparameters fourth = fit.fit(data[3].X, data[3].y, 2).hyperparameters();
  expect_same(fourth, fitted_from(first, data[3], settings, 2));
  expect_same(resumed.fit(data[3].X, data[3].y, 2).hyperparameters(), fourth);
}

TEST(WarmStartedFit, RawOutputsHaveAZeroMeanAndTheFirstFitsScale) {
  WarmStartedFit fit(KernelType::matern52, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Ones(2),
                     GlobalBoSettings{.priors = false}, {}, {}, {.raw_outputs = true});
  Data d = sample(15, 6);
  const double scale = OutputScaling::standardizing(d.y).scale;
  const GaussianProcess gp = fit.fit(d.X, d.y, 1);
  EXPECT_EQ(gp.output_scaling().mean, 0.0);
  EXPECT_EQ(gp.output_scaling().scale, scale);
  EXPECT_EQ(gp.mean_constant(), 0.0);
  // Far above zero and spread three times wider: a standardizing fit would move both; this one
  // keeps the zero mean and the first scale.
  d.y = (100 + 3 * d.y.array()).matrix();
  const GaussianProcess shifted = fit.fit(d.X, d.y, 2);
  EXPECT_EQ(shifted.output_scaling().mean, 0.0);
  EXPECT_EQ(shifted.output_scaling().scale, scale);
  EXPECT_EQ(shifted.mean_constant(), 0.0);
  EXPECT_NEAR(shifted.predict(d.X.topRows(1)).mean[0], d.y[0], 1.0);
}

}  // namespace
