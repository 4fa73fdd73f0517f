// The behaviour of the minucb and la-minucb algorithms (docs/minucb.md): the step's
// monotonicity and signs, the batch contract, determinism, local convergence on a noisy
// quadratic, and configuration errors.
#include "la_minucb.hpp"
#include "minucb.hpp"
#include "settings.hpp"
#include "support.hpp"

#include <bopp/plugin.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using bopp::minucb::LaMinUcb;
using bopp::minucb::MinUcb;
using minucb_test::small_gp;

template <class Algorithm>
Algorithm make(const bopp::Problem& problem, const std::string& settings, std::uint64_t seed) {
  return Algorithm(problem, bopp::kit::parse_config<Algorithm>(settings.c_str(), "algorithm"), seed,
                   bopp::Host());
}

// A maximization objective with noise drawn from (seed, evaluation index).
struct Objective {
  std::function<double(const Eigen::VectorXd&)> f;
  double noise_std = 0.0;
  std::uint64_t seed = 0;
};

// The ask/tell loop for `budget` evaluations, at most `batch` per ask; every asked point.
template <class Algorithm>
std::vector<bopp::Points> run(Algorithm& algorithm, const bopp::Problem& problem,
                              const Objective& objective, int budget, std::size_t batch = 1000,
                              const std::function<void(const Algorithm&)>& after_tell = {}) {
  std::vector<bopp::Points> asked;
  for (int used = 0; used < budget;) {
    const bopp::Points X =
        algorithm.ask(std::min<std::size_t>(batch, static_cast<std::size_t>(budget - used)));
    EXPECT_GE(X.rows(), 1);
    EXPECT_LE(X.rows(), budget - used);
    Eigen::VectorXd y(X.rows());
    std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      EXPECT_TRUE((X.row(i).transpose().array() >= problem.lower.array()).all());
      EXPECT_TRUE((X.row(i).transpose().array() <= problem.upper.array()).all());
      std::mt19937_64 rng(objective.seed * 1000003 + static_cast<std::uint64_t>(used + i));
      y[i] =
          objective.f(X.row(i).transpose()) + objective.noise_std * bopp::bo::standard_normal(rng);
    }
    algorithm.tell(X, y, status);
    if (after_tell) after_tell(algorithm);
    asked.push_back(X);
    used += static_cast<int>(X.rows());
  }
  return asked;
}

Objective bumps() {
  return {[](const Eigen::VectorXd& x) {
            return -(x.array() - 0.3).square().sum() + 0.3 * std::sin(7 * x.sum());
          },
          0.1, 1};
}

bool in_box(const Eigen::VectorXd& x, const bopp::minucb::Box& box) {
  return (x.array() >= box.lower.array()).all() && (x.array() <= box.upper.array()).all();
}

void expect_monotone_steps(const std::vector<bopp::minucb::LcbStep>& steps,
                           const bopp::Problem& problem) {
  ASSERT_FALSE(steps.empty());
  for (std::size_t t = 0; t < steps.size(); ++t) {
    const bopp::minucb::LcbStep& s = steps[t];
    EXPECT_GE(s.value, s.value_at_current - 1e-9) << "step " << t;
    EXPECT_GE(s.value, s.value_at_gradient_step - 1e-9) << "step " << t;
    EXPECT_TRUE(in_box(s.x, s.box)) << "step " << t;
    EXPECT_TRUE(in_box(s.x, {problem.lower, problem.upper})) << "step " << t;
  }
}

// B1.
TEST(MinUcb, StepNeverLowersTheBoundOnAnyIteration) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  MinUcb a = make<MinUcb>(p, "lengthscale = 0.3\n", 1);
  run(a, p, bumps(), 60);
  expect_monotone_steps(a.steps(), p);
}

TEST(LaMinUcb, StepNeverLowersTheBoundOnAnyIteration) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  LaMinUcb a = make<LaMinUcb>(p, "lengthscale = 0.3\nfantasies = 8\n", 1);
  run(a, p, bumps(), 40);
  expect_monotone_steps(a.steps(), p);
  for (const auto& batch : a.batches()) EXPECT_TRUE(std::isfinite(batch.value));
}

TEST(MinUcb, RefitHyperparametersKeepsTheStepMonotone) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  MinUcb a = make<MinUcb>(p, "hyperparameters = \"fit\"\n", 2);
  run(a, p, bumps(), 40);
  expect_monotone_steps(a.steps(), p);
}

// B2: the step against a brute-force grid over the whole 2-D box, for β = 0 (argmax μ) and
// β = 3 (argmax μ − 3σ, the pessimistic bound of a maximization, not the optimistic μ + 3σ).
TEST(LcbStep, MaximizesMeanMinusBetaSigmaOnTheBox) {
  const bopp::Problem p = bopp::Problem::box(2, 0, 1);
  const bopp::bo::GaussianProcess gp = small_gp(p, 8, 21, bopp::bo::KernelType::rbf, 0.25);
  for (const double beta : {0.0, 3.0}) {
    double grid_lcb = -std::numeric_limits<double>::infinity(), grid_ucb = grid_lcb;
    Eigen::Vector2d argmax_lcb = Eigen::Vector2d::Zero(), argmax_ucb = Eigen::Vector2d::Zero();
    for (int i = 0; i <= 200; ++i) {
      for (int j = 0; j <= 200; ++j) {
        const Eigen::Vector2d x(i / 200.0, j / 200.0);
        const bopp::bo::PointPosterior post = gp.predict_with_gradient(x);
        const double lcb = post.mean - beta * std::sqrt(post.variance);
        const double ucb = post.mean + beta * std::sqrt(post.variance);
        if (lcb > grid_lcb) {
          grid_lcb = lcb;
          argmax_lcb = x;
        }
        if (ucb > grid_ucb) {
          grid_ucb = ucb;
          argmax_ucb = x;
        }
      }
    }
    bopp::minucb::LcbStepOptions options;
    options.beta = beta;
    options.delta = 1.0;
    const bopp::minucb::LcbStep step =
        bopp::minucb::maximize_lcb_near(gp, Eigen::Vector2d(0.5, 0.5), p, options, 3);
    EXPECT_GE(step.value, grid_lcb - 1e-9) << "beta " << beta;
    EXPECT_LT((step.x - argmax_lcb).norm(), 0.02) << "beta " << beta;
    if (beta > 0) {
      EXPECT_GT((step.x - argmax_ucb).norm(), 0.1) << "the optimistic bound's maximizer";
    }
  }
}

// B2: a larger β keeps the step closer to the data, on average over random problems.
TEST(LcbStep, LargerBetaStaysCloserToTheData) {
  const bopp::Problem p = bopp::Problem::box(2, 0, 1);
  std::vector<double> mean_distance;
  for (const double beta : {0.5, 3.0, 10.0}) {
    double total = 0;
    const int problems = 30;
    for (int k = 0; k < problems; ++k) {
      const bopp::bo::GaussianProcess gp =
          small_gp(p, 5, 100 + static_cast<std::uint64_t>(k), bopp::bo::KernelType::rbf, 0.2);
      bopp::minucb::LcbStepOptions options;
      options.beta = beta;
      options.delta = 1.0;
      const bopp::minucb::LcbStep step =
          bopp::minucb::maximize_lcb_near(gp, Eigen::Vector2d(0.5, 0.5), p, options, 5);
      total += (gp.inputs().rowwise() - step.x.transpose()).rowwise().norm().minCoeff() / problems;
    }
    mean_distance.push_back(total);
  }
  EXPECT_GT(mean_distance[0], mean_distance[1]);
  EXPECT_GT(mean_distance[1], mean_distance[2]);
}

// B6: resample copies of x_t first, then GIBO's batch; a truncated ask keeps the rest queued.
TEST(MinUcb, AsksResampledIterateThenTheGradientBatch) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  MinUcb a = make<MinUcb>(p, "resample = 2\nbatch = 3\neps_diff = 0.0\n", 4);
  const Objective objective = bumps();
  for (int iteration = 0; iteration < 4; ++iteration) {
    const bopp::Points X = a.ask(100);
    ASSERT_EQ(X.rows(), 5);
    const Eigen::VectorXd x_t = a.recommend();
    EXPECT_EQ(Eigen::VectorXd(X.row(0).transpose()), x_t);
    EXPECT_EQ(Eigen::VectorXd(X.row(1).transpose()), x_t);
    Eigen::VectorXd y(5);
    for (Eigen::Index i = 0; i < 5; ++i) y[i] = objective.f(X.row(i).transpose());
    a.tell(X, y, std::vector<std::int32_t>(5, BOPP_OK));
  }
  std::vector<Eigen::Index> sizes;
  for (int ask = 0; ask < 5; ++ask) {
    const bopp::Points X = a.ask(2);
    sizes.push_back(X.rows());
    a.tell(X, Eigen::VectorXd::Zero(X.rows()),
           std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
  }
  EXPECT_EQ(sizes, (std::vector<Eigen::Index>{2, 2, 1, 2, 2}));
}

TEST(LaMinUcb, AsksTheStartThenBatchThenStep) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  LaMinUcb a = make<LaMinUcb>(p, "batch = 2\nfantasies = 4\n", 5);
  const Objective objective = bumps();
  std::vector<Eigen::Index> sizes;
  for (int ask = 0; ask < 7; ++ask) {
    const bopp::Points X = a.ask(100);
    sizes.push_back(X.rows());
    if (X.rows() == 1) {
      EXPECT_EQ(Eigen::VectorXd(X.row(0).transpose()), a.recommend());
    }
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = objective.f(X.row(i).transpose());
    a.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
  }
  EXPECT_EQ(sizes, (std::vector<Eigen::Index>{1, 2, 1, 2, 1, 2, 1}));
}

// By default the look-ahead batch has the size of GIBO's batch at x_t (MinUCB's b2): d
// points while ∇f(x_t) is unknown, fewer once the data pin it down (the ε_diff early stop).
// With eps_diff = 0 it is always d; a given batch is taken as it is.
TEST(LaMinUcb, BatchIsGibosEarlyStoppedBatchByDefault) {
  const Eigen::Index d = 5;
  const bopp::Problem p = bopp::Problem::box(d, 0, 1);
  const auto sizes = [&](const std::string& settings) {
    LaMinUcb a = make<LaMinUcb>(p, "fantasies = 4\nlengthscale = 0.5\n" + settings, 9);
    run(a, p, bumps(), 120);
    std::vector<Eigen::Index> b;
    for (const bopp::minucb::LookAheadBatch& batch : a.batches()) b.push_back(batch.points.rows());
    return b;
  };
  const std::vector<Eigen::Index> adaptive = sizes("");
  ASSERT_GE(adaptive.size(), 3u);
  EXPECT_EQ(adaptive.front(), d);
  EXPECT_LT(*std::min_element(adaptive.begin(), adaptive.end()), d);
  for (const Eigen::Index b : adaptive) EXPECT_GE(b, 1);
  for (const Eigen::Index b : adaptive) EXPECT_LE(b, d);
  EXPECT_EQ(sizes("batch = 0\n"), adaptive);
  for (const Eigen::Index b : sizes("eps_diff = 0.0\n")) EXPECT_EQ(b, d);
  for (const Eigen::Index b : sizes("batch = 3\n")) EXPECT_EQ(b, 3);
}

// The look-ahead searches x_t ± h with h = min(δ, lookahead_box · lengthscale): its batches
// stay within 0.3 lengthscales of the iterate they were planned at when δ is wider than that,
// use the whole δ-box with lookahead_box = 0, and are unaffected when δ is the narrower.
TEST(LaMinUcb, LookAheadBoxIsAFractionOfTheLengthscaleAtMostDelta) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  // The largest coordinate distance of a look-ahead batch from the iterate it was planned at.
  const auto farthest = [&](const std::string& settings) {
    LaMinUcb a = make<LaMinUcb>(p, "fantasies = 4\nbatch = 3\ndelta = 0.2\n" + settings, 4);
    run(a, p, bumps(), 60);
    double far = 0;
    for (std::size_t k = 0; k < a.batches().size(); ++k) {
      const Eigen::VectorXd x_t = k == 0 ? Eigen::VectorXd::Constant(3, 0.5) : a.steps()[k - 1].x;
      const Eigen::MatrixXd& Z = a.batches()[k].points;
      far = std::max(far, (Z.rowwise() - x_t.transpose()).cwiseAbs().maxCoeff());
    }
    return far;
  };
  EXPECT_LE(farthest("lengthscale = 0.2\n"), 0.3 * 0.2 + 1e-12);
  EXPECT_LE(farthest("lengthscale = 0.2\nlookahead_box = 0.5\n"), 0.5 * 0.2 + 1e-12);
  EXPECT_GT(farthest("lengthscale = 0.2\nlookahead_box = 0\n"), 0.3 * 0.2 + 0.02);
  EXPECT_LE(farthest("lengthscale = 0.2\nlookahead_box = 0\n"), 0.2 + 1e-12);
  EXPECT_GT(farthest("lengthscale = 2\n"), 0.3 * 0.2 + 0.02);
  EXPECT_LE(farthest("lengthscale = 2\n"), 0.2 + 1e-12);
}

// Failed evaluations are dropped; a failed start point is asked again.
TEST(LaMinUcb, FailedEvaluationsAreSkipped) {
  const bopp::Problem p = bopp::Problem::box(2, 0, 1);
  LaMinUcb a = make<LaMinUcb>(p, "fantasies = 4\n", 6);
  const bopp::Points first = a.ask(1);
  a.tell(first, Eigen::VectorXd::Constant(1, std::nan("")), std::vector<std::int32_t>{BOPP_ERROR});
  EXPECT_EQ(a.ask(1), first);
  MinUcb m = make<MinUcb>(p, "", 6);
  const bopp::Points X = m.ask(100);
  std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_ERROR);
  m.tell(X, Eigen::VectorXd::Zero(X.rows()), status);
  EXPECT_GE(m.ask(100).rows(), 1);
  EXPECT_TRUE(m.recommend().allFinite());
}

// B7.
template <class Algorithm>
std::vector<bopp::Points> trajectory(const std::string& settings, std::uint64_t seed) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  Algorithm a = make<Algorithm>(p, settings, seed);
  return run(a, p, bumps(), 30);
}

TEST(MinUcb, SameSeedReplaysBitForBitAndAnotherSeedDiffers) {
  EXPECT_EQ(trajectory<MinUcb>("", 7), trajectory<MinUcb>("", 7));
  EXPECT_NE(trajectory<MinUcb>("", 7), trajectory<MinUcb>("", 8));
}

TEST(LaMinUcb, SameSeedReplaysBitForBitAndAnotherSeedDiffers) {
  EXPECT_EQ(trajectory<LaMinUcb>("fantasies = 4\n", 7), trajectory<LaMinUcb>("fantasies = 4\n", 7));
  EXPECT_NE(trajectory<LaMinUcb>("fantasies = 4\n", 7), trajectory<LaMinUcb>("fantasies = 4\n", 8));
}

// B8-lite: f(x) = ‖x − x*‖² with noise σ = 0.1 in d = 10, from 1.5 lengthscales away.
template <class Algorithm>
double gradient_reduction(const std::string& settings, std::uint64_t seed) {
  const bopp::Problem p = bopp::Problem::box(10, -3, 3);
  const Eigen::VectorXd x_star = Eigen::VectorXd::Constant(10, 0.2);
  const Eigen::VectorXd x0 = x_star + Eigen::VectorXd::Constant(10, 1.5 / std::sqrt(10.0));
  std::string start = "x0 = [";
  for (Eigen::Index i = 0; i < 10; ++i) start += (i ? ", " : "") + std::to_string(x0[i]);
  Algorithm a =
      make<Algorithm>(p, settings + "lengthscale = 1.0\ndelta = 0.5\n" + start + "]\n", seed);
  const Objective objective{[&](const Eigen::VectorXd& x) { return -(x - x_star).squaredNorm(); },
                            0.1, seed};
  run(a, p, objective, 200);
  return (a.recommend() - x_star).norm() / (x0 - x_star).norm();  // ∇f = 2(x − x*)
}

TEST(MinUcb, ReducesTheGradientOfANoisyQuadratic) {
  for (std::uint64_t seed : {1, 2})
    EXPECT_LT(gradient_reduction<MinUcb>("", seed), 0.2) << "seed " << seed;
}

TEST(LaMinUcb, ReducesTheGradientOfANoisyQuadratic) {
  for (std::uint64_t seed : {1, 2})
    EXPECT_LT(gradient_reduction<LaMinUcb>("fantasies = 4\nraw_batches = 16\n", seed), 0.2)
        << "seed " << seed;
}

TEST(Settings, SobolStartIsSharedByIndexAndInsideTheBox) {
  bopp::Problem p = bopp::Problem::box(4, -2, 5);
  const Eigen::VectorXd a = make<MinUcb>(p, "x0_sobol_index = 3\n", 1).recommend();
  EXPECT_EQ(a, make<LaMinUcb>(p, "x0_sobol_index = 3\n", 2).recommend());
  EXPECT_NE(a, make<MinUcb>(p, "x0_sobol_index = 4\n", 1).recommend());
  EXPECT_TRUE((a.array() >= -2).all() && (a.array() <= 5).all());
  EXPECT_EQ(make<MinUcb>(p, "", 1).recommend(), Eigen::VectorXd::Constant(4, 1.5));
}

// Lengths are relative to the box by default: 0.2 of the smallest width, as gibo's mueller
// variant, so a box of width 20 gets a local box of half-width 4, not 0.2.
TEST(Settings, TheLocalBoxIsAFifthOfTheBoxWidthByDefault) {
  const auto defaults = bopp::kit::parse_config<MinUcb>("", "algorithm");
  EXPECT_DOUBLE_EQ(
      bopp::minucb::read_settings(bopp::Problem::box(3, -10, 10), defaults, "minucb").delta, 4.0);
  EXPECT_DOUBLE_EQ(
      bopp::minucb::read_settings(bopp::Problem::box(3, 0, 1), defaults, "minucb").delta, 0.2);
  const auto fixed = bopp::kit::parse_config<LaMinUcb>("delta = 0.5\n", "algorithm");
  EXPECT_DOUBLE_EQ(
      bopp::minucb::read_settings(bopp::Problem::box(3, -10, 10), fixed, "la-minucb").delta, 0.5);
}

TEST(Settings, BadConfigurationNamesTheKey) {
  const bopp::Problem p = bopp::Problem::box(3, 0, 1);
  const auto key_of = [&](const std::string& settings) -> std::string {
    try {
      make<LaMinUcb>(p, settings, 1);
    } catch (const bopp::SchemaError& e) {
      return e.key();
    }
    return "";
  };
  EXPECT_EQ(key_of("x0 = [0.5, 0.5]\n"), "x0");
  EXPECT_EQ(key_of("x0 = [0.5, 0.5, 2.0]\n"), "x0");
  EXPECT_EQ(key_of("x0 = [0.5, 0.5, 0.5]\nx0_sobol_index = 1\n"), "x0_sobol_index");
  EXPECT_EQ(key_of("kernel = \"matern12\"\n"), "kernel");
  EXPECT_EQ(key_of("delta = -0.1\n"), "delta");
  EXPECT_EQ(key_of("fantasies = 0\n"), "fantasies");
  EXPECT_EQ(key_of("hyperparameters = \"learned\"\n"), "hyperparameters");
  EXPECT_EQ(key_of("betta = 2.0\n"), "betta");
  EXPECT_EQ(key_of("beta = 2.0\n"), "");
}

}  // namespace
