// gibo: the behavioural checks of docs/gibo.md that apply to the plugin (B1 quadratic
// convergence, B2 gradient accuracy on a GP sample path, B4 budget and box, B5 sign, B6
// replay, B7 a noisy quadratic), failed points, start points, the schema, and the built
// module through the C ABI.
#include "gibo.hpp"

#include "objective_module.hpp"

#include <bopp/bo/kernel.hpp>
#include <bopp/bo/random_fourier_features.hpp>
#include <bopp/plugin.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using bopp::gibo::Gibo;
using Function = std::function<double(const Eigen::VectorXd&)>;

bopp::Config config(const std::string& text) {
  return bopp::kit::parse_config<Gibo>(text.c_str(), "algorithm");
}

// A cheaper gradient-batch search, for tests that do not judge the batch: keeps the suite
// fast under sanitizers.
const std::string light_search = "\nraw_samples = 16\nrestarts = 2";

bopp::Problem box(Eigen::Index d, double lo, double hi) {
  bopp::Problem p = bopp::Problem::box(d, lo, hi);
  p.sense = bopp::Sense::maximize;
  return p;
}

// A uniform double in [0, 1) and a standard normal, from the generator's bits only.
double uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
double normal(std::mt19937_64& rng) {
  const double u = 1.0 - uniform(rng);
  return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * uniform(rng));
}

struct Trace {
  std::vector<Eigen::VectorXd> asked;  // every point, in order
  int evaluations = 0;
  int rounds = 0;  // asks
};

// Runs ask/tell on f (maximized) for `budget` evaluations, asking at most `max_ask` points at
// a time; `noise_std` is added to every value, `stop` ends the run early; checks every
// answer against the ask and the box.
Trace run(Gibo& gibo, const bopp::Problem& problem, const Function& f, int budget,
          std::size_t max_ask, double noise_std = 0.0, std::uint64_t noise_seed = 0,
          const std::function<bool(const Gibo&)>& stop = {},
          const std::function<bool(int)>& fails = {}) {
  Trace trace;
  std::mt19937_64 noise(noise_seed);
  while (trace.evaluations < budget && !(stop && stop(gibo))) {
    const std::size_t allowed =
        std::min<std::size_t>(max_ask, static_cast<std::size_t>(budget - trace.evaluations));
    const bopp::Points X = gibo.ask(allowed);
    EXPECT_GE(X.rows(), 1);
    EXPECT_LE(static_cast<std::size_t>(X.rows()), allowed);
    Eigen::VectorXd y(X.rows());
    std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const Eigen::VectorXd x = X.row(i).transpose();
      EXPECT_TRUE((x.array() >= problem.lower.array()).all() &&
                  (x.array() <= problem.upper.array()).all());
      trace.asked.push_back(x);
      if (fails && fails(trace.evaluations + static_cast<int>(i))) {
        status[static_cast<std::size_t>(i)] = BOPP_EVAL_FAILED;
        y[i] = std::numeric_limits<double>::quiet_NaN();
      } else {
        y[i] = f(x) + noise_std * normal(noise);
      }
    }
    gibo.tell(X, y, status);
    trace.evaluations += static_cast<int>(X.rows());
    ++trace.rounds;
  }
  return trace;
}

Function negated_quadratic(const Eigen::VectorXd& c) {
  return [c](const Eigen::VectorXd& x) { return -0.5 * (x - c).squaredNorm(); };
}

// B1: ½‖x − c‖² in d = 5 from 0, noiseless, b = d + 1, η = 1 (= 1/L): Algorithm 1 gets
// there within 20 iterations. With η = 0.5, half of 1/L, gradient steps close only half the
// distance each time, while BFGS learns the curvature and needs fewer evaluations (both on
// the same forward design, so that only the step rule differs).
TEST(Gibo, WuReachesQuadraticOptimumWithinTwentyIterationsAndBfgsNeedsFewerEvaluations) {
  const bopp::Problem problem = box(5, -3, 3);
  Eigen::VectorXd c(5);
  c << 0.6, -0.4, 1.0, 0.2, -0.8;
  const auto near = [&c](const Gibo& g) { return (g.recommend() - c).norm() < 1e-3; };
  const std::string noiseless = "\nnoise_variance = 0.0\nlengthscale = 2.0";

  Gibo wu(problem, config("variant = 'wu'\neta = 1.0" + noiseless), 1, bopp::Host());
  run(wu, problem, negated_quadratic(c), 2000, 100, 0.0, 0, near);
  EXPECT_LT((wu.recommend() - c).norm(), 1e-3);
  EXPECT_LE(wu.iteration(), 20u);

  Gibo slow(problem, config("variant = 'wu'\ndesign = 'forward'\neta = 0.5" + noiseless), 1,
            bopp::Host());
  const Trace slow_trace = run(slow, problem, negated_quadratic(c), 2000, 100, 0.0, 0, near);
  EXPECT_LT((slow.recommend() - c).norm(), 1e-3);
  Gibo bfgs(problem, config("variant = 'wu-bfgs'\neta = 0.5" + noiseless), 1, bopp::Host());
  const Trace bfgs_trace = run(bfgs, problem, negated_quadratic(c), 2000, 100, 0.0, 0, near);
  EXPECT_LT((bfgs.recommend() - c).norm(), 1e-3);
  EXPECT_LT(bfgs_trace.evaluations, slow_trace.evaluations);
  RecordProperty("wu_eta_half_evaluations", slow_trace.evaluations);
  RecordProperty("wu_bfgs_evaluations", bfgs_trace.evaluations);
}

// A sample path of the RBF GP (ℓ = 1, s = 1) through random Fourier features, with its gradient.
struct Path {
  bopp::bo::RandomFourierFeatures features;
  Eigen::VectorXd weights;
  double operator()(const Eigen::VectorXd& x) const {
    return features.features(x.transpose()).row(0).dot(weights);
  }
  Eigen::VectorXd gradient(const Eigen::VectorXd& x) const { return features.gradient(x, weights); }
};

Path gp_path(Eigen::Index d, std::uint64_t seed) {
  bopp::bo::RandomFourierFeatures features(bopp::bo::Kernel(bopp::bo::KernelType::rbf, d, 1.0, 1.0),
                                           1024, seed);
  std::mt19937_64 rng(seed + 1);
  Eigen::VectorXd w(features.count());
  for (Eigen::Index i = 0; i < w.size(); ++i) w[i] = normal(rng);
  return {std::move(features), w};
}

double angle_degrees(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return std::acos(std::clamp(a.dot(b) / (a.norm() * b.norm()), -1.0, 1.0)) * 180.0 /
         std::numbers::pi;
}

// B2: after each (d+1)-point design on a noiseless path in d = 10, ∇μ points along ∇f.
void expect_accurate_gradients(const std::string& settings, double max_degrees) {
  const bopp::Problem problem = box(10, -10, 10);
  const Path path = gp_path(10, 7);
  Gibo gibo(problem, config(settings + "\nnoise_variance = 0.0\nlengthscale = 1.0"), 3,
            bopp::Host());
  int checked = 0;
  Eigen::VectorXd seen;
  const auto check = [&](const Gibo& g) {
    const Eigen::VectorXd& at = g.last_gradient_point();
    if (g.last_gradient().size() > 0 && (seen.size() == 0 || at != seen)) {
      seen = at;
      const Eigen::VectorXd truth = path.gradient(at);
      if (truth.norm() > 0.1) {
        EXPECT_LT(angle_degrees(g.last_gradient(), truth), max_degrees)
            << "iteration " << g.iteration();
        ++checked;
      }
    }
    return checked >= 4;
  };
  run(gibo, problem, path, 400, 100, 0.0, 0, check);
  EXPECT_GE(checked, 4);
}

// Once wu-bfgs has converged, the rest of the budget is asked in full batches at the iterate:
// one round per evaluation would cost a record flush each (Wu et al.'s runs of 5000).
TEST(Gibo, ConvergedBfgsSpendsTheRestOfTheBudgetInFullBatches) {
  const bopp::Problem problem = box(2, -3, 3);
  const Eigen::VectorXd c = Eigen::VectorXd::Constant(2, 0.5);
  Gibo gibo(problem, config("variant = 'wu-bfgs'\nnoise_variance = 0.0\nlengthscale = 2.0"), 1,
            bopp::Host());
  const Trace trace = run(gibo, problem, negated_quadratic(c), 2000, 64);
  EXPECT_LT((gibo.recommend() - c).norm(), 1e-3);
  // The last 1000 evaluations are all the iterate, and the run took a few dozen rounds, not
  // one per evaluation after convergence.
  for (auto x = trace.asked.end() - 1000; x != trace.asked.end(); ++x)
    EXPECT_EQ(*x, gibo.recommend());
  EXPECT_LT(trace.rounds, 200);
}

TEST(Gibo, ForwardDesignGradientIsWithinOneDegreeOnAGpPath) {
  expect_accurate_gradients("variant = 'wu-bfgs'", 1.0);
}

TEST(Gibo, OptimizedDesignGradientIsWithinAFewDegreesOnAGpPath) {
  expect_accurate_gradients("variant = 'wu'\neta = 0.3", 5.0);
}

// B4: never more points than asked, every point and the iterate in the box, also when the
// objective pushes the iterate against a bound.
TEST(Gibo, NeverAsksMoreThanAllowedAndKeepsTheIterateInTheBox) {
  const bopp::Problem problem = box(3, 0, 1);
  const Function uphill = [](const Eigen::VectorXd& x) { return x.sum(); };
  for (const std::string variant : {"mueller", "wu", "wu-bfgs"}) {
    for (const std::size_t max_ask : {std::size_t{1}, std::size_t{2}, std::size_t{7}}) {
      Gibo gibo(problem,
                config("variant = '" + variant + "'\nx0 = [0.9, 0.5, 0.95]\nlengthscale = 0.3" +
                       light_search),
                5, bopp::Host());
      const Trace trace = run(gibo, problem, uphill, 31, max_ask);
      EXPECT_EQ(trace.evaluations, 31) << variant;
      const Eigen::VectorXd x = gibo.recommend();
      EXPECT_TRUE((x.array() >= 0).all() && (x.array() <= 1).all()) << variant;
      EXPECT_GT(x.sum(), 0.9 + 0.5 + 0.95) << variant << ": the iterate should climb";
    }
  }
}

// B5: the plugin maximizes, so −½‖x − c‖² draws the iterate to c and +½‖x − c‖² pushes it away.
TEST(Gibo, AscendsInEveryVariant) {
  const bopp::Problem problem = box(4, -2, 2);
  const Eigen::VectorXd c = Eigen::VectorXd::Constant(4, 0.5);
  const Function away = [&c](const Eigen::VectorXd& x) { return 0.5 * (x - c).squaredNorm(); };
  for (const std::string variant : {"mueller", "wu", "wu-bfgs"}) {
    const std::string settings =
        "variant = '" + variant + "'\nlengthscale = 1.0\nnoise_variance = 1e-4" + light_search;
    Gibo toward(problem, config(settings), 2, bopp::Host());
    run(toward, problem, negated_quadratic(c), 60, 10);
    EXPECT_LT((toward.recommend() - c).norm(), 0.5 * c.norm()) << variant;
    Gibo from(problem, config(settings), 2, bopp::Host());
    run(from, problem, away, 60, 10);
    EXPECT_GT((from.recommend() - c).norm(), 1.5 * c.norm()) << variant;
  }
}

// B6: a run is a function of its seed.
TEST(Gibo, SameSeedReplaysBitForBitAndAnotherSeedDiffers) {
  const bopp::Problem problem = box(3, 0, 1);
  const Eigen::VectorXd c = Eigen::VectorXd::Constant(3, 0.3);
  const auto asked = [&](std::uint64_t seed) {
    Gibo gibo(problem, config("lengthscale = 0.3"), seed, bopp::Host());
    return run(gibo, problem, negated_quadratic(c), 30, 4, 0.1, 11).asked;
  };
  const auto first = asked(1), again = asked(1), other = asked(2);
  ASSERT_EQ(first.size(), again.size());
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(first[i], again[i]) << "point " << i;
  bool differs = false;
  for (std::size_t i = 0; i < std::min(first.size(), other.size()); ++i)
    differs = differs || first[i] != other[i];
  EXPECT_TRUE(differs);
}

// B7-lite: Müller et al.'s defaults improve a noisy quadratic (noise std 0.1) on [0, 1]^5.
TEST(Gibo, MuellerVariantImprovesANoisyQuadratic) {
  const bopp::Problem problem = box(5, 0, 1);
  Eigen::VectorXd c(5);
  c << 0.2, 0.8, 0.3, 0.7, 0.25;
  const Function f = [&c](const Eigen::VectorXd& x) { return -10.0 * (x - c).squaredNorm(); };
  const double start = f(Eigen::VectorXd::Constant(5, 0.5));
  Gibo gibo(problem, config("lengthscale = 0.3"), 0, bopp::Host());
  run(gibo, problem, f, 150, 5, 0.1, 100);
  EXPECT_GT(f(gibo.recommend()), 0.2 * start) << "from " << start;
  // With the MAP refit once the window is full (Müller et al.'s RL setups).
  Gibo fitted(problem, config("lengthscale = 0.3\nhyperparameters = 'fit'" + light_search), 3,
              bopp::Host());
  run(fitted, problem, f, 150, 5, 0.1, 103);
  EXPECT_GT(f(fitted.recommend()), 0.2 * start) << "fit: from " << start;
}

// Failed evaluations are dropped; the run goes on and still climbs.
TEST(Gibo, DropsFailedEvaluationsAndKeepsClimbing) {
  const bopp::Problem problem = box(3, -2, 2);
  const Eigen::VectorXd c = Eigen::VectorXd::Constant(3, 0.8);
  for (const std::string variant : {"mueller", "wu", "wu-bfgs"}) {
    Gibo gibo(problem,
              config("variant = '" + variant + "'\nlengthscale = 1.0\nnoise_variance = 1e-4" +
                     light_search),
              4, bopp::Host());
    run(gibo, problem, negated_quadratic(c), 80, 3, 0.0, 0, {}, [](int i) { return i % 4 == 1; });
    EXPECT_LT((gibo.recommend() - c).norm(), 0.5 * c.norm()) << variant;
  }
}

TEST(Gibo, StartsAtTheCentreAGivenPointOrASobolPointSharedAcrossSeeds) {
  const bopp::Problem problem = box(3, -1, 3);
  EXPECT_EQ(Gibo(problem, config(""), 1, bopp::Host()).recommend(),
            Eigen::VectorXd::Constant(3, 1.0));
  EXPECT_EQ(Gibo(problem, config("x0 = [0.0, 2.0, -1.0]"), 1, bopp::Host()).recommend(),
            Eigen::Vector3d(0.0, 2.0, -1.0));
  const Eigen::VectorXd a =
      Gibo(problem, config("x0_sobol_index = 3"), 1, bopp::Host()).recommend();
  const Eigen::VectorXd b =
      Gibo(problem, config("x0_sobol_index = 3"), 9, bopp::Host()).recommend();
  const Eigen::VectorXd other =
      Gibo(problem, config("x0_sobol_index = 4"), 1, bopp::Host()).recommend();
  EXPECT_EQ(a, b);
  EXPECT_NE(a, other);
  EXPECT_TRUE((a.array() >= -1).all() && (a.array() <= 3).all());
}

TEST(Gibo, RejectsAnUnknownVariantAnUnknownKeyAndABadStart) {
  const bopp::Problem problem = box(3, 0, 1);
  EXPECT_THROW(config("variant = 'newton'"), bopp::SchemaError);
  EXPECT_THROW(config("step = 0.1"), bopp::SchemaError);
  EXPECT_THROW(config("delta = -1.0"), bopp::SchemaError);
  EXPECT_THROW(Gibo(problem, config("x0 = [0.5, 0.5]"), 1, bopp::Host()), bopp::SchemaError);
  EXPECT_THROW(Gibo(problem, config("x0 = [0.5, 0.5, 2.0]"), 1, bopp::Host()), bopp::SchemaError);
  EXPECT_THROW(Gibo(problem, config("x0 = [0.5, 0.5, 0.5]\nx0_sobol_index = 2"), 1, bopp::Host()),
               bopp::SchemaError);
  EXPECT_THROW(config("x0_sobol_index = -1"), bopp::SchemaError);  // absent means "not given"
}

// ---- the built module, through the C ABI -------------------------------------------------

const bopp_manifest& module_manifest() { return bopp::test::module_manifest("gibo"); }

TEST(GiboModule, ManifestDeclaresGiboWithADocumentedDefaultForEveryParameter) {
  const bopp_manifest& m = module_manifest();
  EXPECT_STREQ(m.library_name, "gibo");
  ASSERT_EQ(m.algorithm_count, 1u);
  const bopp_algorithm_class& c = *m.algorithms[0];
  EXPECT_STREQ(c.name, "gibo");
  ASSERT_GE(c.param_count, 1u);
  EXPECT_STREQ(c.params[0]->name, "variant");
  EXPECT_STREQ(c.params[0]->choices, "mueller|wu|wu-bfgs");
  for (std::uint32_t i = 0; i < c.param_count; ++i) {
    EXPECT_NE(c.params[i]->default_value, nullptr) << c.params[i]->name;  // "" when optional
    EXPECT_GT(std::string(c.params[i]->help).size(), 20u) << c.params[i]->name;
  }
}

TEST(GiboModule, RunsThroughTheAbiAndNamesTheKeyOfABadStart) {
  const bopp_algorithm_class& c = *module_manifest().algorithms[0];
  const bopp::Problem problem = box(2, -1.0, 1.0);
  const bopp::CProblem cp(problem);  // refers to problem's bounds
  char error[256] = "";
  void* instance = nullptr;
  EXPECT_EQ(c.create(cp.get(), "x0 = [0.0]", 1, nullptr, &instance, error, sizeof error),
            BOPP_INVALID_CONFIG);
  EXPECT_NE(std::string(error).find("x0"), std::string::npos) << error;

  ASSERT_EQ(c.create(cp.get(), "variant = 'wu-bfgs'", 1, nullptr, &instance, error, sizeof error),
            BOPP_OK)
      << error;
  double X[6];
  std::uint64_t count = 0;
  ASSERT_EQ(c.ask(instance, 3, X, &count, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(count, 3u);  // the forward design: x0 and x0 + h·e_i
  const double y[3] = {0.0, 1e-5, -1e-5};
  const std::int32_t status[3] = {BOPP_OK, BOPP_OK, BOPP_OK};
  ASSERT_EQ(c.tell(instance, X, 3, y, status, error, sizeof error), BOPP_OK) << error;
  double x[2];
  ASSERT_EQ(c.recommend(instance, x, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(x[0], 0.0);
  EXPECT_EQ(x[1], 0.0);
  c.destroy(instance);
}

}  // namespace
