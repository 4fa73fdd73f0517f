// The numerics of MinUCB and LA-MinUCB (docs/minucb.md): gradients of the LCB
// and of the one-shot look-ahead against finite differences, and the look-ahead algebra
// against a GP actually refit on D ∪ Z.
#include "lcb_step.hpp"
#include "lookahead.hpp"
#include "normal_quantile.hpp"
#include "support.hpp"

#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/gradient_trace.hpp>

#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

using bopp::bo::GaussianProcess;
using bopp::bo::KernelType;
using bopp::minucb::LookAheadLcb;
using minucb_test::small_gp;

bopp::Problem skewed_box() {
  bopp::Problem p;
  p.lower = Eigen::Vector3d(-1, 0, 2);
  p.upper = Eigen::Vector3d(1, 3, 2.5);
  return p;
}

Eigen::MatrixXd random_points(const bopp::Problem& p, Eigen::Index n, std::mt19937_64& rng) {
  Eigen::MatrixXd X(n, p.dim());
  for (Eigen::Index i = 0; i < n; ++i)
    X.row(i) = bopp::bo::uniform_in_box(rng, p.lower, p.upper).transpose();
  return X;
}

Eigen::MatrixXd normals(Eigen::Index rows, Eigen::Index cols, std::mt19937_64& rng) {
  Eigen::MatrixXd M(rows, cols);
  for (Eigen::Index i = 0; i < M.size(); ++i) M.data()[i] = bopp::bo::standard_normal(rng);
  return M;
}

void expect_close(double analytic, double numeric, double tolerance, const std::string& what) {
  EXPECT_NEAR(analytic, numeric, tolerance * std::max(1.0, std::abs(numeric))) << what;
}

class ByKernel : public ::testing::TestWithParam<KernelType> {};

TEST_P(ByKernel, LcbGradientMatchesFiniteDifferences) {
  const bopp::Problem p = skewed_box();
  const GaussianProcess gp = small_gp(p, 25, 1, GetParam());
  std::mt19937_64 rng(2);
  Eigen::MatrixXd points = random_points(p, 4, rng);
  // Next to an observation σ is small, where ∇σ = ∇σ²/(2σ) is least stable.
  points.row(0) = gp.inputs().row(3).array() + 1e-4;
  for (Eigen::Index r = 0; r < points.rows(); ++r) {
    const Eigen::VectorXd x = points.row(r).transpose();
    Eigen::VectorXd g;
    bopp::minucb::lower_confidence_bound(gp, x, 3.0, &g);
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      const double h = 1e-6;
      Eigen::VectorXd xp = x, xm = x;
      xp[i] += h;
      xm[i] -= h;
      const double fd = (bopp::minucb::lower_confidence_bound(gp, xp, 3.0) -
                         bopp::minucb::lower_confidence_bound(gp, xm, 3.0)) /
                        (2 * h);
      expect_close(g[i], fd, 1e-5,
                   "point " + std::to_string(r) + ", coordinate " + std::to_string(i));
    }
  }
}

TEST_P(ByKernel, LookAheadGradientMatchesFiniteDifferences) {
  const bopp::Problem p = skewed_box();
  // Standardized outputs and a nonzero constant mean, so the unit conversions are tested too.
  const GaussianProcess gp = small_gp(p, 20, 3, GetParam(), 0.6, true);
  std::mt19937_64 rng(4);
  const Eigen::Index b = 2, N = 5;
  const LookAheadLcb criterion(gp, 3.0, normals(b, N, rng));
  const Eigen::MatrixXd Z = random_points(p, b, rng), inner = random_points(p, N, rng);
  Eigen::MatrixXd gZ, gP;
  const double value = criterion.value(Z, inner, &gZ, &gP);
  EXPECT_DOUBLE_EQ(value, criterion.value(Z, inner));
  const double h = 1e-6;
  for (Eigen::Index r = 0; r < b + N; ++r) {
    for (Eigen::Index i = 0; i < p.dim(); ++i) {
      Eigen::MatrixXd Zp = Z, Zm = Z, Pp = inner, Pm = inner;
      if (r < b) {
        Zp(r, i) += h;
        Zm(r, i) -= h;
      } else {
        Pp(r - b, i) += h;
        Pm(r - b, i) -= h;
      }
      const double fd = (criterion.value(Zp, Pp) - criterion.value(Zm, Pm)) / (2 * h);
      const double analytic = r < b ? gZ(r, i) : gP(r - b, i);
      expect_close(analytic, fd, 1e-5,
                   "row " + std::to_string(r) + ", coordinate " + std::to_string(i));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, ByKernel,
                         ::testing::Values(KernelType::rbf, KernelType::matern52));

// N5: μ and σ² after conditioning on Z with y_Z = μ_D(Z) + L_Z ξ are those of the GP refit on
// D ∪ Z with the same hyperparameters (and the same output scaling).
TEST(LookAhead, FantasizedPosteriorEqualsGpRefitOnDataAndBatch) {
  const bopp::Problem p = skewed_box();
  for (const bool standardize : {false, true}) {
    const GaussianProcess gp = small_gp(p, 15, 5, KernelType::rbf, 0.5, standardize);
    std::mt19937_64 rng(6);
    const Eigen::Index b = 3, N = 4;
    const LookAheadLcb criterion(gp, 3.0, normals(b, N, rng));
    const Eigen::MatrixXd Z = random_points(p, b, rng), inner = random_points(p, N, rng);
    const LookAheadLcb::Fantasized fantasized = criterion.fantasize(Z, inner);
    for (Eigen::Index j = 0; j < N; ++j) {
      GaussianProcess refit = gp;
      Eigen::MatrixXd X(gp.size() + b, p.dim());
      X << gp.inputs(), Z;
      Eigen::VectorXd y(gp.size() + b);
      y << gp.targets(), fantasized.y_Z.col(j);
      refit.condition(X, y, gp.output_scaling());
      const bopp::bo::Posterior post = refit.predict(inner.row(j));
      EXPECT_NEAR(fantasized.mean[j], post.mean[0], 1e-9) << "fantasy " << j;
      EXPECT_NEAR(fantasized.variance[j], post.variance[0], 1e-9) << "fantasy " << j;
    }
  }
}

// The starts' scoring: fantasized_lcb(Z, points) is, entry by entry, the fantasized mean
// minus β times the fantasized sd of fantasize(Z, ·) at each point under each fantasy.
TEST(LookAhead, FantasizedLcbOfManyPointsEqualsOneFantasizePerPoint) {
  const bopp::Problem p = skewed_box();
  const GaussianProcess gp = small_gp(p, 15, 5, KernelType::rbf, 0.5, true);
  std::mt19937_64 rng(16);
  const Eigen::Index b = 3, N = 4;
  const LookAheadLcb criterion(gp, 3.0, normals(b, N, rng));
  const Eigen::MatrixXd Z = random_points(p, b, rng), points = random_points(p, 5, rng);
  const Eigen::MatrixXd lcb = criterion.fantasized_lcb(Z, points);
  ASSERT_EQ(lcb.rows(), N);
  ASSERT_EQ(lcb.cols(), points.rows());
  for (Eigen::Index k = 0; k < points.rows(); ++k) {
    const LookAheadLcb::Fantasized at = criterion.fantasize(Z, points.row(k).replicate(N, 1));
    for (Eigen::Index j = 0; j < N; ++j)
      EXPECT_NEAR(lcb(j, k), at.mean[j] - 3.0 * std::sqrt(at.variance[j]), 1e-9)
          << "point " << k << ", fantasy " << j;
  }
}

// The given start batch (la-minucb passes GIBO's): the look-ahead's result is never below
// A at that batch with its best inner points (per fantasy, the best of x_t and the rows of
// Z), because the multistart search returns the best point it saw. Here the given batch is a
// good one (a full search's result) and the search has a single evaluation per start, so
// without the given batch it ends lower.
TEST(LookAhead, NeverBelowTheGivenStartBatch) {
  const Eigen::Index d = 10, b = 10, N = 4;
  const bopp::Problem p = bopp::Problem::box(d, 0, 1);
  const GaussianProcess gp = small_gp(p, 30, 17, KernelType::rbf, 0.6);
  const Eigen::VectorXd x_t = Eigen::VectorXd::Constant(d, 0.5);
  bopp::minucb::LookAheadOptions options;
  options.batch = b;
  options.fantasies = N;
  for (const std::uint64_t seed : {19, 20, 21}) {
    options.max_evaluations = 100;
    const Eigen::MatrixXd good =
        bopp::minucb::select_lookahead_batch(gp, x_t, p, options, seed + 100).points;
    std::mt19937_64 rng(seed);  // the base samples are the search's first draw
    const LookAheadLcb criterion(gp, options.beta,
                                 bopp::minucb::lookahead_base_samples(b, N, rng()));
    Eigen::MatrixXd candidates(b + 1, d);
    candidates << x_t.transpose(), good;
    const Eigen::MatrixXd lcb = criterion.fantasized_lcb(good, candidates);
    Eigen::MatrixXd inner(N, d);
    for (Eigen::Index j = 0; j < N; ++j) {
      Eigen::Index k = 0;
      lcb.row(j).maxCoeff(&k);
      inner.row(j) = candidates.row(k);
    }
    const double at_start = criterion.value(good, inner);
    EXPECT_NEAR(at_start, lcb.rowwise().maxCoeff().mean(), 1e-9);
    options.max_evaluations = 1;
    const bopp::minucb::LookAheadBatch from_good =
        bopp::minucb::select_lookahead_batch(gp, x_t, p, options, seed, good);
    EXPECT_GE(from_good.value, at_start - 1e-12) << "seed " << seed;
    EXPECT_NEAR(criterion.value(from_good.points, from_good.inner), from_good.value, 1e-9)
        << "seed " << seed;
    EXPECT_LT(bopp::minucb::select_lookahead_batch(gp, x_t, p, options, seed).value, at_start)
        << "seed " << seed;
  }
}

// B4: with β = 0 the look-ahead is the one-shot batch knowledge gradient; the reference
// builds y_Z from the joint posterior of Z and conditions by an explicit inverse.
TEST(LookAhead, WithZeroBetaIsTheOneShotKnowledgeGradient) {
  const bopp::Problem p = skewed_box();
  const GaussianProcess gp = small_gp(p, 12, 7);
  std::mt19937_64 rng(8);
  const Eigen::Index b = 2, N = 6;
  const Eigen::MatrixXd xi = normals(b, N, rng);
  const LookAheadLcb criterion(gp, 0.0, xi);
  const Eigen::MatrixXd Z = random_points(p, b, rng), inner = random_points(p, N, rng);

  const bopp::bo::Posterior at_Z = gp.predict(Z, true);
  Eigen::MatrixXd C = at_Z.covariance;
  C.diagonal().array() += gp.noise_variance();
  const Eigen::MatrixXd L_Z = C.llt().matrixL();
  Eigen::MatrixXd X(gp.size() + b, p.dim());
  X << gp.inputs(), Z;
  const bopp::bo::Kernel& k = gp.kernel();
  Eigen::MatrixXd K = k.matrix(gp.to_unit_cube(X));
  K.diagonal().array() += gp.noise_variance();
  const Eigen::MatrixXd K_inverse = K.inverse();
  double kg = 0;
  for (Eigen::Index j = 0; j < N; ++j) {
    Eigen::VectorXd y(X.rows());
    y << gp.targets(), at_Z.mean + L_Z * xi.col(j);
    const Eigen::RowVectorXd k_x = k.matrix(gp.to_unit_cube(inner.row(j)), gp.to_unit_cube(X));
    kg += (k_x * K_inverse * y)(0) / static_cast<double>(N);
  }
  EXPECT_NEAR(criterion.value(Z, inner), kg, 1e-8);
}

// B3 in the maximization convention: E[max_x LCB_{D∪Z}(x)] ≥ max_x LCB_D(x), because σ only
// shrinks and the fantasized means average to μ_D; with Z far from every x the two are equal.
TEST(LookAhead, NeverBelowTheCurrentBestBoundAndEqualWhenTheBatchIsFar) {
  bopp::Problem p = bopp::Problem::box(2, 0, 10);
  bopp::Problem near = bopp::Problem::box(2, 0, 1);
  const GaussianProcess data_gp = small_gp(near, 15, 9);
  GaussianProcess gp(data_gp.kernel(), p.lower, p.upper);
  bopp::bo::Hyperparameters h = data_gp.hyperparameters();
  h.lengthscales = h.lengthscales / 10;  // the same 0.3 in user units on the wider box
  gp.set_hyperparameters(h);
  gp.condition(data_gp.inputs(), data_gp.targets(), bopp::bo::OutputScaling{0, 1});

  bopp::minucb::LcbStepOptions whole;
  whole.delta = 10;
  const bopp::minucb::LcbStep best =
      bopp::minucb::maximize_lcb_near(gp, Eigen::Vector2d(0.5, 0.5), p, whole, 10);
  std::mt19937_64 rng(11);
  const Eigen::Index N = 64;
  Eigen::MatrixXd xi = normals(1, N, rng);
  for (Eigen::Index j = 1; j < N; j += 2) xi(0, j) = -xi(0, j - 1);
  const LookAheadLcb criterion(gp, 3.0, xi);
  const Eigen::MatrixXd at_best = best.x.transpose().replicate(N, 1);
  for (int trial = 0; trial < 10; ++trial) {
    const Eigen::MatrixXd Z = random_points(near, 1, rng);
    EXPECT_GE(criterion.value(Z, at_best), best.value - 1e-12) << "trial " << trial;
  }
  const Eigen::MatrixXd far = Eigen::RowVector2d(9.5, 9.5);
  EXPECT_NEAR(criterion.value(far, at_best), best.value, 1e-6);
  for (int trial = 0; trial < 10; ++trial)
    EXPECT_LE(criterion.value(far, random_points(near, N, rng)), best.value + 1e-6)
        << "trial " << trial;
}

// N6 in one dimension: at a fixed Z the one-shot problem separates into one inner maximum per
// fantasy, so optimizing X' must reach the nested estimate (each max taken on a fine grid).
TEST(LookAhead, OneShotInnerOptimumEqualsTheNestedEstimate) {
  const bopp::Problem p = bopp::Problem::box(1, 0, 1);
  const GaussianProcess gp = small_gp(p, 6, 12, KernelType::rbf, 0.2);
  std::mt19937_64 rng(13);
  const Eigen::Index N = 32;
  const Eigen::MatrixXd xi = normals(1, N, rng);
  const Eigen::MatrixXd Z = Eigen::MatrixXd::Constant(1, 1, 0.37);
  double nested = 0;
  Eigen::MatrixXd grid_best(N, 1);
  for (Eigen::Index j = 0; j < N; ++j) {
    const LookAheadLcb single(gp, 3.0, xi.col(j));
    double best = -std::numeric_limits<double>::infinity();
    for (int g = 0; g <= 2000; ++g) {
      const double v = single.value(Z, Eigen::MatrixXd::Constant(1, 1, g / 2000.0));
      if (v > best) {
        best = v;
        grid_best(j, 0) = g / 2000.0;
      }
    }
    nested += best / static_cast<double>(N);
  }
  const LookAheadLcb criterion(gp, 3.0, xi);
  const bopp::bo::SmoothFunction negative = [&](const Eigen::VectorXd& v,
                                                Eigen::VectorXd* gradient) {
    Eigen::MatrixXd gP;
    const double value = criterion.value(Z, v, nullptr, gradient ? &gP : nullptr);
    if (gradient) *gradient = -gP.col(0);
    return -value;
  };
  const bopp::bo::BoxMinimum one_shot = bopp::bo::minimize_in_box(
      negative, Eigen::VectorXd::Zero(N), Eigen::VectorXd::Ones(N), grid_best.transpose());
  EXPECT_GE(-one_shot.value, nested - 1e-9);
  EXPECT_NEAR(-one_shot.value, nested, 1e-4);  // the grid's spacing
}

// Φ⁻¹ against Φ (erfc), including the tails the rational approximation switches at.
TEST(LookAhead, NormalQuantileInvertsTheNormalCdf) {
  for (const double u :
       {1e-12, 1e-6, 0.001, 0.02425, 0.1, 0.3, 0.5, 0.7, 0.97575, 0.999, 1 - 1e-9}) {
    const double x = bopp::minucb::normal_quantile(u);
    EXPECT_NEAR(0.5 * std::erfc(-x / std::sqrt(2.0)), u, 1e-14 + 1e-12 * u) << "u " << u;
  }
  EXPECT_EQ(bopp::minucb::normal_quantile(0.5), 0.0);
}

// The base samples: antithetic pairs, and for b = 1 one value in each of the N/2 strata of
// N(0, 1) on each side, so their spread is the normal's (independent draws of 16 values
// leave its mean square off by ±50% (1 sd), and with it the look-ahead's value of an uncertain Z).
TEST(LookAhead, BaseSamplesAreStratifiedAntitheticPairs) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const Eigen::MatrixXd xi = bopp::minucb::lookahead_base_samples(1, 16, seed);
    ASSERT_EQ(xi.rows(), 1);
    ASSERT_EQ(xi.cols(), 16);
    std::vector<int> strata(8, 0);
    for (Eigen::Index j = 0; j < 16; j += 2) {
      EXPECT_EQ(xi(0, j + 1), -xi(0, j));
      const double u = 0.5 * std::erfc(-xi(0, j) / std::sqrt(2.0));
      ++strata[static_cast<std::size_t>(u * 8)];
    }
    EXPECT_EQ(strata, std::vector<int>(8, 1)) << "seed " << seed;
    EXPECT_NEAR(xi.squaredNorm() / 16, 1.0, 0.3) << "seed " << seed;  // iid: ±0.5 (1 sd)
  }
  EXPECT_NE(bopp::minucb::lookahead_base_samples(2, 8, 1),
            bopp::minucb::lookahead_base_samples(2, 8, 2));
  const Eigen::MatrixXd odd = bopp::minucb::lookahead_base_samples(3, 5, 4);
  EXPECT_EQ(odd.cols(), 5);
  EXPECT_TRUE(odd.allFinite());
}

// Cost (docs/minucb.md): one acquisition (GIBO's batch of b points, then the look-ahead started
// from it) with the window's 5d points, at d = 50 and d = 100, for b = 1, 10 and d (the
// default batch is at most d); run with --gtest_also_run_disabled_tests.
TEST(LookAhead, DISABLED_AcquisitionTimeAtFiftyDimensions) {
  for (const Eigen::Index d : {50, 100}) {
    const bopp::Problem p = bopp::Problem::box(d, 0, 1);
    const GaussianProcess gp = small_gp(p, 5 * d, 31, KernelType::rbf, 1.1);
    const Eigen::VectorXd x_t = Eigen::VectorXd::Constant(d, 0.5);
    for (const Eigen::Index b : {Eigen::Index{1}, Eigen::Index{10}, d}) {
      bopp::minucb::LookAheadOptions options;
      options.batch = b;
      const auto start = std::chrono::steady_clock::now();
      bopp::bo::GradientBatchOptions gibo;  // what la-minucb computes first, and starts from
      gibo.batch = b;
      const Eigen::MatrixXd gibo_batch = bopp::bo::select_gradient_batch(gp, x_t, gibo, 8).points;
      const bopp::minucb::LookAheadBatch batch =
          bopp::minucb::select_lookahead_batch(gp, x_t, p, options, 7, gibo_batch);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("d = %ld, n = %ld, b = %ld, N = %ld: %.3f s (value %.4f)\n", static_cast<long>(d),
                  static_cast<long>(5 * d), static_cast<long>(b),
                  static_cast<long>(options.fantasies), seconds, batch.value);
    }
  }
}

}  // namespace
