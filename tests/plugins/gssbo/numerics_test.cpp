// The numerics of gssbo's selection (docs/gssbo.md): the per-sample
// gradient of Wei et al. 2025, eq. (3), against the likelihood it differentiates, the
// leave-one-out form of the pilot gradients, eq. (1) and the sign-balancing greedy.
#include "sample_gradients.hpp"
#include "sign_balance.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/marginal_likelihood.hpp>
#include <bopp/bo/portable_random.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using bopp::bo::GaussianProcess;
using bopp::gssbo::direction_variance;
using bopp::gssbo::exact_gradients;
using bopp::gssbo::pilot_gradients;
using bopp::gssbo::select_sign_balanced;
using bopp::gssbo::TieBreak;

struct Data {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
};

Data random_data(Eigen::Index n, Eigen::Index d, std::uint64_t seed, double scale = 1.0) {
  std::mt19937_64 rng(seed);
  Data data{Eigen::MatrixXd(n, d), Eigen::VectorXd(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) data.X(i, j) = bopp::bo::uniform(rng, 0, 1);
    data.y[i] = scale * (std::sin(4 * data.X(i, 0)) + data.X.row(i).sum() +
                         0.1 * bopp::bo::standard_normal(rng));
  }
  return data;
}

// A Matérn-5/2 GP on the unit cube with fixed hyperparameters, on rows `rows` of the data,
// under the given output scaling.
GaussianProcess gp_on(const Data& data, const std::vector<Eigen::Index>& rows,
                      const bopp::bo::OutputScaling& scaling, double noise = 1e-2) {
  const Eigen::Index d = data.X.cols();
  GaussianProcess gp(bopp::bo::Kernel(bopp::bo::KernelType::matern52, d), Eigen::VectorXd::Zero(d),
                     Eigen::VectorXd::Ones(d));
  bopp::bo::Hyperparameters h;
  h.lengthscales = Eigen::VectorXd::LinSpaced(d, 0.3, 0.6);
  h.outputscale = 1.5;
  h.noise_variance = noise;
  h.mean = 0.1;
  gp.set_hyperparameters(h);
  gp.condition(data.X(rows, Eigen::all), data.y(rows), scaling);
  return gp;
}

std::vector<Eigen::Index> range(Eigen::Index n) {
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) rows[static_cast<std::size_t>(i)] = i;
  return rows;
}

double relative_error(double a, double b) { return std::abs(a - b) / std::max(1.0, std::abs(b)); }

// The gradient g_i = ∂ log p(y)/∂y_i (eq. 3 of eq. 2), by central differences with θ and m frozen.
TEST(GssboSampleGradients, EqualFiniteDifferencesOfTheLogLikelihood) {
  const Data data = random_data(15, 3, 1);
  const bopp::bo::OutputScaling identity{0.0, 1.0};
  const GaussianProcess gp = gp_on(data, range(15), identity);
  const Eigen::VectorXd g = exact_gradients(gp, data.X, data.y);
  for (Eigen::Index i = 0; i < 15; ++i) {
    const double h = 1e-6 * std::max(1.0, std::abs(data.y[i]));
    Eigen::VectorXd up = data.y, down = data.y;
    up[i] += h;
    down[i] -= h;
    const auto lml = [&](const Eigen::VectorXd& z) {
      return bopp::bo::log_marginal_likelihood(gp.kernel(), gp.noise_variance(), gp.mean_constant(),
                                               gp.unit_inputs(), z);
    };
    const double fd = (lml(up) - lml(down)) / (2 * h);
    EXPECT_LE(std::abs(g[i] - fd) / std::abs(fd), 1e-6) << "i = " << i;
  }
}

// The pilot gradient of a left-out row is eq. (3) on all rows (leave-one-out identity).
TEST(GssboSampleGradients, PilotOfALeftOutRowEqualsTheExactGradient) {
  const Data data = random_data(12, 3, 2, 3.0);
  const auto scaling = bopp::bo::OutputScaling::standardizing(data.y);
  const GaussianProcess full = gp_on(data, range(12), scaling);
  const Eigen::VectorXd exact = exact_gradients(full, data.X, data.y);
  for (Eigen::Index i = 0; i < 12; ++i) {
    std::vector<Eigen::Index> others;
    for (Eigen::Index j = 0; j < 12; ++j)
      if (j != i) others.push_back(j);
    const Eigen::VectorXd pilot =
        pilot_gradients(gp_on(data, others, scaling), others, data.X, data.y);
    EXPECT_LE(relative_error(pilot[i], exact[i]), 1e-9) << "i = " << i;
  }
}

// With D = U' ∪ {newest}, the pilot gradient of the newest row is the exact one, and the
// members' pilot gradients are −α of U'.
TEST(GssboSampleGradients, PilotOfTheNewestRowIsExact) {
  const Data data = random_data(20, 4, 3);
  const auto scaling = bopp::bo::OutputScaling::standardizing(data.y.head(19));
  const std::vector<Eigen::Index> members = range(19);
  const GaussianProcess previous = gp_on(data, members, scaling);
  const Eigen::VectorXd pilot = pilot_gradients(previous, members, data.X, data.y);
  const Eigen::VectorXd exact = exact_gradients(previous, data.X, data.y);
  EXPECT_LE(relative_error(pilot[19], exact[19]), 1e-10);
  EXPECT_EQ(pilot.head(19), -previous.weights());
}

// Eq. (1)'s double sum over normalized gradients equals 1 − ‖Σu‖²/M² = 1 − ((P − Q)/M)².
TEST(GssboSignBalance, DirectionVarianceIsEquationOne) {
  std::mt19937_64 rng(4);
  Eigen::VectorXd g(30);
  for (Eigen::Index i = 0; i < 30; ++i) g[i] = bopp::bo::standard_normal(rng);
  const std::vector<Eigen::Index> subset = {0, 3, 4, 7, 9, 12, 13, 20, 21, 29, 5};
  const auto M = static_cast<double>(subset.size());
  double double_sum = 0;
  int P = 0, Q = 0;
  for (const Eigen::Index i : subset) {
    (g[i] > 0 ? P : Q) += 1;
    for (const Eigen::Index j : subset)
      double_sum += g[i] * g[j] / (std::abs(g[i]) * std::abs(g[j]));
  }
  const double variance = direction_variance(g, subset);
  EXPECT_NEAR(variance, 1 - double_sum / (M * M), 1e-14);
  EXPECT_NEAR(variance, 1 - std::pow((P - Q) / M, 2), 1e-14);
}

// The greedy reaches the brute-force minimum of ‖Σ_U u‖² over every subset holding F
// (for nonzero gradients; a perturbed gradient is 0 with probability 0).
TEST(GssboSignBalance, GreedyMatchesBruteForce) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<Eigen::Index>(3 + bopp::bo::uniform_index(rng, 10));
    Eigen::VectorXd g(n);
    for (Eigen::Index i = 0; i < n; ++i) g[i] = bopp::bo::standard_normal(rng);
    std::vector<Eigen::Index> forced;
    for (Eigen::Index i = 0; i < n; ++i)
      if (bopp::bo::uniform_index(rng, 3) == 0) forced.push_back(i);
    const auto size = static_cast<Eigen::Index>(forced.size()) +
                      static_cast<Eigen::Index>(bopp::bo::uniform_index(
                          rng, static_cast<std::uint64_t>(n) - forced.size() + 1));
    const auto sum_of_signs = [&g](const std::vector<Eigen::Index>& U) {
      long s = 0;
      for (const Eigen::Index i : U) s += (g[i] > 0) - (g[i] < 0);
      return s * s;
    };
    long best = std::numeric_limits<long>::max();
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      std::vector<Eigen::Index> U;
      bool holds_forced = true;
      for (const Eigen::Index i : forced) holds_forced &= ((mask >> i) & 1u) != 0;
      if (!holds_forced || std::popcount(mask) != size) continue;
      for (Eigen::Index i = 0; i < n; ++i)
        if ((mask >> i) & 1u) U.push_back(i);
      best = std::min(best, sum_of_signs(U));
    }
    for (const TieBreak tie_break : {TieBreak::smallest, TieBreak::largest}) {
      const std::vector<Eigen::Index> greedy = select_sign_balanced(g, forced, size, tie_break);
      ASSERT_EQ(static_cast<Eigen::Index>(greedy.size()), size);
      EXPECT_EQ(sum_of_signs(greedy), best) << "trial " << trial;
    }
  }
}

// |P − Q| = max(|s_F| − (M − |F|), M mod 2) when both signs have enough candidates.
TEST(GssboSignBalance, BalancesTheSignsAsFarAsTheForcedSetAllows) {
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Index n = 200;
    Eigen::VectorXd g(n);
    for (Eigen::Index i = 0; i < n; ++i) g[i] = bopp::bo::standard_normal(rng);
    // A lopsided forced set: its first rows made positive.
    const auto f = static_cast<Eigen::Index>(1 + bopp::bo::uniform_index(rng, 30));
    std::vector<Eigen::Index> forced = range(f);
    for (Eigen::Index i = 0; i < f; ++i)
      if (bopp::bo::uniform_index(rng, 4) != 0) g[i] = std::abs(g[i]);
    const auto size = f + static_cast<Eigen::Index>(bopp::bo::uniform_index(rng, 40));
    long s_forced = 0, positive = 0, negative = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (i < f)
        s_forced += g[i] > 0 ? 1 : -1;
      else
        (g[i] > 0 ? positive : negative) += 1;
    }
    ASSERT_GE(std::min(positive, negative), size - f);
    long P = 0, Q = 0;
    for (const Eigen::Index i : select_sign_balanced(g, forced, size, TieBreak::smallest))
      (g[i] > 0 ? P : Q) += 1;
    EXPECT_EQ(std::abs(P - Q), std::max<long>(std::abs(s_forced) - (size - f), size % 2))
        << "trial " << trial;
  }
}

// Ties in the sign criterion go to the smallest (or largest) |g|, then to the lower index.
TEST(GssboSignBalance, BreaksTiesByMagnitudeThenIndex) {
  Eigen::VectorXd g(6);
  g << 1.0, -0.5, 2.0, -3.0, 2.0, -0.1;
  // F = {0}: s = +1; a negative first (the largest, row 3), then s = 0: the largest |g| of
  // the rest, rows 2 and 4 tie at 2.0 and the lower index wins.
  EXPECT_EQ(select_sign_balanced(g, {0}, 3, TieBreak::largest),
            (std::vector<Eigen::Index>{0, 2, 3}));
  // The smallest: row 5 (-0.1), then s = 0 and the smallest of the rest is row 1 (-0.5).
  EXPECT_EQ(select_sign_balanced(g, {0}, 3, TieBreak::smallest),
            (std::vector<Eigen::Index>{0, 1, 5}));
  g << 1.0, -0.5, 2.0, -3.0, 2.0, -0.5;
  // Rows 1 and 5 tie at 0.5: the lower index first.
  EXPECT_EQ(select_sign_balanced(g, {0}, 2, TieBreak::smallest), (std::vector<Eigen::Index>{0, 1}));
}

// With no perturbation the subset does not change under y → a y + b (a > 0) or y → −y.
TEST(GssboSignBalance, SubsetInvariantUnderAffineMapsAndNegationOfY) {
  const Data data = random_data(40, 3, 7);
  const std::vector<Eigen::Index> members = range(25);
  const std::vector<Eigen::Index> forced = {0, 1, 2, 3, 4, 39};
  const auto subset_for = [&](const Eigen::VectorXd& y) {
    const Data mapped{data.X, y};
    const auto scaling = bopp::bo::OutputScaling::standardizing(y(members));
    GaussianProcess gp = gp_on(mapped, members, scaling);
    bopp::bo::Hyperparameters h = gp.hyperparameters();
    h.mean = 0;  // a zero prior mean, so that −y is the mirror image of y
    gp.set_hyperparameters(h);
    return select_sign_balanced(pilot_gradients(gp, members, data.X, y), forced, 20,
                                TieBreak::smallest);
  };
  const std::vector<Eigen::Index> U = subset_for(data.y);
  EXPECT_EQ(subset_for((2.5 * data.y.array() + 7.0).matrix()), U);
  EXPECT_EQ(subset_for(-data.y), U);
}

}  // namespace
