// The synthetic objectives compute the published functions and declare their true minima:
// checked through the module's C table against an independent transcription of each formula.
#include "synthetic_module.hpp"
#include "synthetic_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace synthetic_test {
namespace {

using std::numbers::pi;

std::string config_for(const Reference& r, int dim) {
  return r.has_dim_key ? "dim = " + std::to_string(dim) : "";
}

// Tolerance for comparing a value with `expected`: relative, with a floor for values near 0.
double tolerance(double relative, double expected) {
  return relative * std::max(1.0, std::abs(expected));
}

// n points drawn uniformly from the reference's domain, row-major.
Vector uniform_points(const Reference& r, int dim, std::size_t n, std::mt19937_64& rng) {
  Vector X(n * static_cast<std::size_t>(dim));
  for (std::size_t k = 0; k < X.size(); ++k) {
    const Interval b = r.bounds(k % static_cast<std::size_t>(dim));
    X[k] = std::uniform_real_distribution<double>(b.lower, b.upper)(rng);
  }
  return X;
}

Vector optimizer_of(const bopp_problem& p) { return Vector(p.optimizer, p.optimizer + p.dim); }

class SyntheticFunction : public ::testing::TestWithParam<std::string> {
 protected:
  const Reference& ref() const { return reference(GetParam()); }
};

TEST_P(SyntheticFunction, DeclaredOptimumIsThePublishedOne) {
  for (int dim : ref().dims) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    const Objective objective(ref().name, config_for(ref(), dim));
    const bopp_problem& p = objective.problem();
    const auto published = ref().minimum(dim);
    ASSERT_EQ(p.has_optimum != 0, published.has_value());
    if (!published) {
      EXPECT_EQ(p.optimizer, nullptr) << "an optimizer without an optimum value";
      continue;
    }
    EXPECT_NEAR(p.optimum_value, published->value, published->value_tolerance);
    if (p.optimizer != nullptr && !published->optimizers.empty()) {
      const Vector declared = optimizer_of(p);
      const bool near_a_published_one = std::any_of(
          published->optimizers.begin(), published->optimizers.end(), [&](const Vector& x) {
            for (std::size_t i = 0; i < x.size(); ++i)
              if (std::abs(x[i] - declared[i]) > published->optimizer_tolerance) return false;
            return true;
          });
      EXPECT_TRUE(near_a_published_one) << "declared optimizer is none of the published ones";
    }
    // Every published minimizer, rounded as published, attains the minimum.
    for (const Vector& x : published->optimizers)
      EXPECT_NEAR(objective.evaluate_one(x), p.optimum_value, tolerance(1e-5, p.optimum_value));
  }
}

TEST_P(SyntheticFunction, DeclaredOptimizerAttainsDeclaredOptimum) {
  for (int dim : ref().dims) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    const Objective objective(ref().name, config_for(ref(), dim));
    const bopp_problem& p = objective.problem();
    if (p.optimizer == nullptr) continue;
    ASSERT_EQ(p.has_optimum, 1);
    const Vector x = optimizer_of(p);
    for (std::size_t i = 0; i < x.size(); ++i) {
      EXPECT_GE(x[i], p.lower[i]);
      EXPECT_LE(x[i], p.upper[i]);
    }
    EXPECT_NEAR(objective.evaluate_one(x), p.optimum_value, tolerance(1e-12, p.optimum_value));
    EXPECT_NEAR(ref().formula(x), p.optimum_value, tolerance(1e-12, p.optimum_value));
  }
}

// A declared optimizer a little off the true one would have lower points next to it.
TEST_P(SyntheticFunction, NoPointNearTheDeclaredOptimizerIsLower) {
  std::mt19937_64 rng(11);
  for (int dim : ref().dims) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    const Objective objective(ref().name, config_for(ref(), dim));
    const bopp_problem& p = objective.problem();
    if (p.optimizer == nullptr) continue;
    constexpr std::size_t n = 500;
    Vector X(n * p.dim);
    for (std::size_t k = 0; k < X.size(); ++k) {
      const std::size_t i = k % p.dim;
      const double radius = 1e-4 * (p.upper[i] - p.lower[i]);
      const double moved =
          p.optimizer[i] + std::uniform_real_distribution<double>(-radius, radius)(rng);
      X[k] = std::clamp(moved, p.lower[i], p.upper[i]);
    }
    const Vector y = objective.evaluate(X);
    EXPECT_GE(*std::min_element(y.begin(), y.end()),
              p.optimum_value - tolerance(1e-12, p.optimum_value));
  }
}

TEST_P(SyntheticFunction, AgreesWithReferenceFormulaAtRandomPoints) {
  std::mt19937_64 rng(7);
  for (int dim : ref().dims) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    const Objective objective(ref().name, config_for(ref(), dim));
    constexpr std::size_t n = 100;
    const Vector X = uniform_points(ref(), dim, n, rng);
    const Vector y = objective.evaluate(X);
    for (std::size_t k = 0; k < n; ++k) {
      const Vector x(X.begin() + static_cast<std::ptrdiff_t>(k * dim),
                     X.begin() + static_cast<std::ptrdiff_t>((k + 1) * dim));
      const double expected = ref().formula(x);
      ASSERT_NEAR(y[k], expected, tolerance(1e-10, expected)) << "at point " << k;
    }
  }
}

TEST_P(SyntheticFunction, NoRandomPointIsBelowTheDeclaredOptimum) {
  std::mt19937_64 rng(3);
  for (int dim : ref().dims) {
    SCOPED_TRACE("dim " + std::to_string(dim));
    const Objective objective(ref().name, config_for(ref(), dim));
    const bopp_problem& p = objective.problem();
    if (p.has_optimum == 0) continue;
    const Vector y = objective.evaluate(uniform_points(ref(), dim, 10000, rng));
    ASSERT_TRUE(std::all_of(y.begin(), y.end(), [](double v) { return std::isfinite(v); }));
    EXPECT_GE(*std::min_element(y.begin(), y.end()),
              p.optimum_value - tolerance(1e-12, p.optimum_value));
  }
}

INSTANTIATE_TEST_SUITE_P(AllFunctions, SyntheticFunction,
                         ::testing::Values("sphere", "ackley", "rastrigin", "levy", "rosenbrock",
                                           "griewank", "styblinski_tang", "michalewicz", "powell",
                                           "branin", "six_hump_camel", "eggholder", "hartmann3",
                                           "hartmann6"),
                         [](const auto& info) { return info.param; });

TEST(SyntheticValues, MatchHandComputedValues) {
  auto value = [](const std::string& name, const std::string& config, const Vector& x) {
    return Objective(name, config).evaluate_one(x);
  };
  EXPECT_DOUBLE_EQ(value("sphere", "dim = 2", {1, 2}), 5.0);
  EXPECT_DOUBLE_EQ(value("rosenbrock", "dim = 2", {1, 1}), 0.0);
  EXPECT_DOUBLE_EQ(value("rosenbrock", "dim = 2", {0, 0}), 1.0);
  // 100 (2 - 1^2)^2 + (1 - 1)^2 + 100 (4 - 2^2)^2 + (2 - 1)^2
  EXPECT_DOUBLE_EQ(value("rosenbrock", "dim = 3", {1, 2, 4}), 101.0);
  EXPECT_DOUBLE_EQ(value("rastrigin", "dim = 1", {0.5}), 20.25);
  EXPECT_DOUBLE_EQ(value("powell", "dim = 4", {1, 1, 1, 1}), 122.0);
  EXPECT_DOUBLE_EQ(value("powell", "dim = 4", {3, -1, 0, 1}), 215.0);
  // d = 6: one group of four; the last two coordinates are inert (BoTorch's convention).
  EXPECT_DOUBLE_EQ(value("powell", "dim = 6", {3, -1, 0, 1, 4.5, -3.0}), 215.0);
  EXPECT_DOUBLE_EQ(value("styblinski_tang", "dim = 2", {1, 1}), -10.0);
  EXPECT_NEAR(value("ackley", "dim = 3", {0, 0, 0}), 0.0, 1e-14);
  EXPECT_NEAR(value("levy", "dim = 3", {1, 1, 1}), 0.0, 1e-14);
  EXPECT_DOUBLE_EQ(value("griewank", "dim = 2", {0, 0}), 0.0);
  // Only the constant part of Branin is left at the origin: 6^2 + 10 (1 - 1/(8 pi)) + 10.
  EXPECT_DOUBLE_EQ(value("branin", "", {0, 0}), 56.0 - 10.0 / (8.0 * pi));
  EXPECT_NEAR(value("branin", "", {-pi, 12.275}), 5.0 / (4.0 * pi), 1e-12);
  EXPECT_NEAR(value("branin", "", {pi, 2.275}), 5.0 / (4.0 * pi), 1e-12);
  EXPECT_DOUBLE_EQ(value("six_hump_camel", "", {0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(value("six_hump_camel", "", {1, 1}), 4.0 - 2.1 + 1.0 / 3.0 + 1.0);
  EXPECT_DOUBLE_EQ(value("eggholder", "", {0, 0}), -47.0 * std::sin(std::sqrt(47.0)));
  // sin^20(pi/4) = 2^-10 for the first term; the second is -1 exactly at pi/2.
  EXPECT_DOUBLE_EQ(value("michalewicz", "dim = 2", {pi / 2, pi / 2}), -1.0 - 1.0 / 1024.0);
}

// Michalewicz is a sum of one-dimensional terms, so its minimum is the sum of the terms'
// minima: found here by a fine grid and golden-section search, independent of the plugin.
TEST(SyntheticValues, MichalewiczOptimaAreSumsOfGlobalTermMinima) {
  double sum_of_minima = 0.0;
  for (int i = 1; i <= 10; ++i) {
    constexpr int grid = 100000;
    double best_x = 0.0;
    for (int k = 0; k <= grid; ++k) {
      const double x = pi * k / grid;
      if (michalewicz_term(x, i) < michalewicz_term(best_x, i)) best_x = x;
    }
    double lo = std::max(0.0, best_x - pi / grid), hi = std::min(pi, best_x + pi / grid);
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int step = 0; step < 100; ++step) {
      const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
      if (michalewicz_term(a, i) < michalewicz_term(b, i)) {
        hi = b;
      } else {
        lo = a;
      }
    }
    sum_of_minima += michalewicz_term((lo + hi) / 2, i);
    if (i == 2 || i == 5 || i == 10) {
      const Objective objective("michalewicz", "dim = " + std::to_string(i));
      ASSERT_EQ(objective.problem().has_optimum, 1);
      EXPECT_NEAR(objective.problem().optimum_value, sum_of_minima, 1e-11) << "dim " << i;
    }
  }
}

}  // namespace
}  // namespace synthetic_test
