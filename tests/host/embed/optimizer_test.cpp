// The embedded Optimizer: the same asks as `bopp run` for the same seed and told values, the
// same configuration checks, and the caller's failures told as failed evaluations.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

PluginSection section(const std::string& name, toml::table config = {}) {
  PluginSection s;
  s.name = name;
  s.config = std::move(config);
  return s;
}

// `bopp run` of the experiment, then the same plugins driven through an Optimizer: every
// point asked, every value evaluated and the recommendation agree bit for bit.
void expect_same_as_run(const std::string& objective_lines, const std::string& algorithm_lines,
                        std::uint64_t seed, std::uint64_t budget, std::uint64_t batch) {
  const std::string text = "[run]\nseed = " + std::to_string(seed) +
                           "\nbudget = " + std::to_string(budget) +
                           "\nbatch = " + std::to_string(batch) + "\n[objective]\n" +
                           objective_lines + "\n[algorithm]\n" + algorithm_lines + "\n";
  Experiment experiment = Experiment::parse(text, "exp.toml");
  experiment.output = (test::fresh_folder("embed-same-as-run") / "record").string();
  experiment.resolve_plugins(registry());
  RunOptions options;
  options.progress = false;
  options.log = nullptr;
  const RunResult run = run_experiment(experiment, registry(), options);
  ASSERT_EQ(run.status, RunStatus::completed) << run.message;
  const auto lines = read_evaluations(run.record / "evaluations.jsonl");

  Experiment fresh = Experiment::parse(text, "exp.toml");
  OptimizerSettings settings;
  settings.algorithm = fresh.algorithm;
  settings.objective = fresh.objective;
  settings.seed = seed;
  settings.log = nullptr;
  Optimizer optimizer(registry(), settings);
  std::size_t index = 0;
  while (index < budget) {
    const bopp::Points X = optimizer.ask(std::min<std::uint64_t>(batch, budget - index));
    const std::vector<Evaluation> values = optimizer.evaluate(X);
    std::vector<double> y;
    for (Eigen::Index r = 0; r < X.rows(); ++r, ++index) {
      ASSERT_LT(index, lines.size());
      for (Eigen::Index i = 0; i < X.cols(); ++i) {
        ASSERT_EQ(X(r, i), lines[index].x[static_cast<std::size_t>(i)]) << "evaluation " << index;
      }
      ASSERT_EQ(values[static_cast<std::size_t>(r)].ok, lines[index].ok);
      if (lines[index].ok) {
        ASSERT_EQ(values[static_cast<std::size_t>(r)].y, lines[index].y);
      }
      y.push_back(values[static_cast<std::size_t>(r)].y);
    }
    optimizer.tell(X, y);
  }
  EXPECT_EQ(index, lines.size());
  const Eigen::VectorXd recommended = optimizer.recommend();
  ASSERT_EQ(recommended.size(), run.recommended.size());
  for (Eigen::Index i = 0; i < recommended.size(); ++i)
    EXPECT_EQ(recommended[i], run.recommended[i]);
}

TEST(Optimizer, AsksWhatBoppRunAsksForGpboOnBranin) {
  expect_same_as_run("name = 'branin'", "name = 'gpbo'\nraw_samples = 64\noptimizer_restarts = 2",
                     7, 9, 2);
}

TEST(Optimizer, AsksWhatBoppRunAsksForRandomOnANoisyMaximizedObjective) {
  expect_same_as_run("name = 'gpsample'\ndim = 3\nnoise_std = 0.1", "name = 'random'", 3, 10, 3);
}

TEST(Optimizer, RejectsAnUnknownAlgorithmNamingIt) {
  OptimizerSettings settings;
  settings.algorithm = section("no_such_method");
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  try {
    Optimizer optimizer(registry(), settings);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_method"), std::string::npos) << e.what();
  }
}

TEST(Optimizer, RejectsAnUnknownKeyAsBoppRunDoes) {
  OptimizerSettings settings;
  settings.algorithm = section("gpbo", toml::table{{"acquisitoin", "ei"}});
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  settings.source = "my-loop";
  try {
    Optimizer optimizer(registry(), settings);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("my-loop"), std::string::npos) << message;
    EXPECT_NE(message.find("acquisitoin"), std::string::npos) << message;
    EXPECT_NE(message.find("acquisition"), std::string::npos) << message;  // the suggestion
  }
}

TEST(Optimizer, FillsTheAlgorithmDefaults) {
  OptimizerSettings settings;
  settings.algorithm = section("gpbo");
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  settings.log = nullptr;
  const Optimizer optimizer(registry(), settings);
  EXPECT_NE(optimizer.algorithm_config().find("acquisition = 'logei'"), std::string::npos)
      << optimizer.algorithm_config();
}

TEST(Optimizer, RejectsABoxWithCrossedBounds) {
  OptimizerSettings settings;
  settings.algorithm = section("random");
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  settings.problem.upper[1] = -1.0;
  EXPECT_THROW(Optimizer(registry(), settings), Error);
}

TEST(Optimizer, RejectsACandidateOutsideTheBox) {
  OptimizerSettings settings;
  settings.algorithm = section("random");
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  settings.problem.candidates = bopp::Points::Constant(3, 2, 0.5);
  settings.problem.candidates(2, 1) = 1.5;
  EXPECT_THROW(Optimizer(registry(), settings), Error);
}

TEST(Optimizer, AsksInsideAGivenBoxAndRoundsItsIntegers) {
  OptimizerSettings settings;
  settings.algorithm = section("random");
  settings.problem = bopp::Problem::box(2, -3.0, 3.0);
  settings.problem.kinds = {bopp::DimensionKind::continuous, bopp::DimensionKind::integer};
  settings.log = nullptr;
  Optimizer optimizer(registry(), settings);
  const bopp::Points X = optimizer.ask(5);
  ASSERT_EQ(X.rows(), 5);
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    EXPECT_GE(X(r, 0), -3.0);
    EXPECT_LE(X(r, 0), 3.0);
    EXPECT_EQ(X(r, 1), std::round(X(r, 1)));
  }
}

TEST(Optimizer, ToldFailuresAreFailedEvaluations) {
  OptimizerSettings settings;
  settings.algorithm = section("gpbo", toml::table{{"initial_points", 3}});
  settings.problem = bopp::Problem::box(1, 0.0, 1.0);
  settings.log = nullptr;
  Optimizer optimizer(registry(), settings);
  bopp::Points X(3, 1);
  X << 0.1, 0.5, 0.9;
  const std::vector<double> y = {1.0, std::numeric_limits<double>::quiet_NaN(), 0.25};
  const bool failed[] = {false, false, true};
  optimizer.tell(X, y, failed);
  EXPECT_EQ(optimizer.told(), 3u);
  // Only 0.1 succeeded (NaN and the mark failed the others): it is the best seen.
  EXPECT_EQ(optimizer.recommend()[0], 0.1);
}

TEST(Optimizer, RejectsToldPointsOfTheWrongShapeOrOutsideTheBox) {
  OptimizerSettings settings;
  settings.algorithm = section("random");
  settings.problem = bopp::Problem::box(2, 0.0, 1.0);
  settings.log = nullptr;
  Optimizer optimizer(registry(), settings);
  const std::vector<double> one = {1.0};
  EXPECT_THROW(optimizer.tell(bopp::Points::Constant(1, 3, 0.5), one), Error);
  EXPECT_THROW(optimizer.tell(bopp::Points::Constant(2, 2, 0.5), one), Error);
  EXPECT_THROW(optimizer.tell(bopp::Points::Constant(1, 2, 1.5), one), Error);
  EXPECT_THROW(optimizer.evaluate(bopp::Points::Constant(1, 2, 0.5)), Error);
}

}  // namespace
}  // namespace bopp::host
