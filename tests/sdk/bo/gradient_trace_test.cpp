// GIBO's gradient-trace criterion: closed forms at unit hyperparameters, the
// analytic ∂α/∂Z against central differences, the block Cholesky against a direct
// recomputation, and the batch selection (greedy and joint).
#include <bopp/bo/gradient_posterior.hpp>
#include <bopp/bo/gradient_trace.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include <cmath>
#include <random>

namespace {

using namespace bopp::bo;

// A GP without data whose user lengthscale is 1 and outputscale 1: the box [−5, 5]^d with
// model lengthscale 0.1, noise variance σ², and the identity output scaling.
GaussianProcess unit_gp(KernelType type, Eigen::Index d, double sigma) {
  GaussianProcess gp(Kernel(type, d), Eigen::VectorXd::Constant(d, -5),
                     Eigen::VectorXd::Constant(d, 5));
  gp.set_hyperparameters({Eigen::VectorXd::Constant(d, 0.1), 1.0, sigma * sigma, 0.0});
  return gp;
}

// ARD lengthscales, a box of unequal widths away from the origin, and outputs scaled by 2.5.
GaussianProcess ard_gp(KernelType type, int n) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> u(0, 1);
  GaussianProcess gp(Kernel(type, 3), Eigen::Vector3d(-2, 0, 1), Eigen::Vector3d(2, 1, 5));
  gp.set_hyperparameters({Eigen::Vector3d(0.3, 0.5, 0.7), 1.3, 0.05, 0.1});
  Eigen::MatrixXd X(n, 3);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    X.row(i) = Eigen::RowVector3d(-2 + 4 * u(rng), u(rng), 1 + 4 * u(rng));
    y[i] = std::sin(X(i, 0)) + X(i, 1) * X(i, 2);
  }
  if (n > 0) gp.condition(X, y, {0.7, 2.5});
  return gp;
}

Eigen::MatrixXd rows(std::initializer_list<std::initializer_list<double>> r) {
  Eigen::MatrixXd M(static_cast<Eigen::Index>(r.size()),
                    static_cast<Eigen::Index>(r.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& row : r) {
    Eigen::Index j = 0;
    for (double v : row) M(i, j++) = v;
    ++i;
  }
  return M;
}

// {0, h e_1, …, h e_d} and {±h e_i}.
Eigen::MatrixXd forward_design(Eigen::Index d, double h) {
  Eigen::MatrixXd Z = Eigen::MatrixXd::Zero(d + 1, d);
  for (Eigen::Index i = 0; i < d; ++i) Z(i + 1, i) = h;
  return Z;
}

Eigen::MatrixXd central_design(Eigen::Index d, double h) {
  Eigen::MatrixXd Z = Eigen::MatrixXd::Zero(2 * d, d);
  for (Eigen::Index i = 0; i < d; ++i) {
    Z(2 * i, i) = h;
    Z(2 * i + 1, i) = -h;
  }
  return Z;
}

TEST(GradientTrace, PriorTraceIsTheKernelCurvature) {
  for (Eigen::Index d : {1, 3}) {
    const GaussianProcess rbf = unit_gp(KernelType::rbf, d, 0.0);
    const GaussianProcess matern = unit_gp(KernelType::matern52, d, 0.0);
    const Eigen::VectorXd x = Eigen::VectorXd::Constant(d, 0.3);
    EXPECT_NEAR(GradientTrace(rbf, x).prior_trace(), static_cast<double>(d), 1e-12);
    EXPECT_NEAR(GradientTrace(rbf, x).current(), static_cast<double>(d), 1e-12);
    EXPECT_NEAR(GradientTrace(matern, x).prior_trace(), 5.0 * static_cast<double>(d) / 3.0, 1e-12);
  }
}

TEST(GradientTrace, CurrentIsTheTraceOfTheGradientPosterior) {
  for (auto type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    for (int n : {0, 12}) {
      const GaussianProcess gp = ard_gp(type, n);
      const Eigen::Vector3d x(0.4, 0.3, 2.2);
      const double expected = gradient_posterior(gp, x).covariance.trace();
      EXPECT_NEAR(GradientTrace(gp, x).current(), expected, 1e-12 * expected)
          << kernel_type_name(type);
      EXPECT_EQ(GradientTrace(gp, x).value(Eigen::MatrixXd(0, 3)), GradientTrace(gp, x).current());
    }
  }
}

TEST(GradientTrace, RejectsTheNonDifferentiableMatern12) {
  const GaussianProcess gp = unit_gp(KernelType::matern12, 2, 0.1);
  EXPECT_THROW(GradientTrace(gp, Eigen::Vector2d::Zero()), std::invalid_argument);
}

TEST(GradientTrace, FiniteDifferenceDesignsMatchClosedForms) {
  const auto rbf1 = unit_gp(KernelType::rbf, 1, 0.0);
  const GradientTrace t1(rbf1, Eigen::VectorXd::Zero(1));
  EXPECT_NEAR(t1.value(forward_design(1, 0.5)), 1.197971e-1, 1e-6 * 1.197971e-1);
  EXPECT_NEAR(t1.value(forward_design(1, 0.1)), 4.991667e-3, 1e-6 * 4.991667e-3);
  EXPECT_NEAR(t1.value(central_design(1, 0.5)), 1.034121e-2, 1e-6 * 1.034121e-2);
  const auto rbf2 = unit_gp(KernelType::rbf, 2, 0.0);
  EXPECT_NEAR(GradientTrace(rbf2, Eigen::VectorXd::Zero(2)).value(forward_design(2, 0.1)),
              9.983333e-3, 1e-6 * 9.983333e-3);
  // Orders: halving h divides the forward trace by 4 and the central one by 16.
  EXPECT_NEAR(t1.value(forward_design(1, 0.02)) / t1.value(forward_design(1, 0.01)), 4.0, 1e-3);
  EXPECT_NEAR(t1.value(central_design(1, 0.2)) / t1.value(central_design(1, 0.1)), 16.0, 0.1);
}

TEST(GradientTrace, NoisyCentralDesignMatchesClosedForms) {  // σ = 0.1, m = 1
  const auto rbf = unit_gp(KernelType::rbf, 1, 0.1);
  EXPECT_NEAR(GradientTrace(rbf, Eigen::VectorXd::Zero(1)).value(central_design(1, 0.495)), 0.03485,
              1e-4);
  const auto matern = unit_gp(KernelType::matern52, 1, 0.1);
  EXPECT_NEAR(GradientTrace(matern, Eigen::VectorXd::Zero(1)).value(central_design(1, 0.257)),
              0.14517, 1e-4);
  const auto matern2 = unit_gp(KernelType::matern52, 2, 0.1);
  EXPECT_NEAR(GradientTrace(matern2, Eigen::VectorXd::Zero(2)).value(central_design(2, 0.257)),
              0.290344, 2e-4);
}

TEST(GradientTrace, GradientMatchesCentralDifferences) {
  const Eigen::MatrixXd Z = rows({{0.1, 0.45, 2.9}, {-0.7, 0.2, 2.0}, {0.6, 0.8, 3.5}});
  const Eigen::Vector3d x(0.4, 0.3, 2.2);
  for (auto type : {KernelType::rbf, KernelType::matern32, KernelType::matern52}) {
    for (int n : {0, 12}) {
      const GaussianProcess gp = ard_gp(type, n);
      const GradientTrace trace(gp, x);
      Eigen::MatrixXd gradient;
      trace.value(Z, &gradient);
      ASSERT_EQ(gradient.rows(), Z.rows());
      ASSERT_EQ(gradient.cols(), Z.cols());
      Eigen::MatrixXd fd(Z.rows(), Z.cols());
      for (Eigen::Index p = 0; p < Z.rows(); ++p) {
        for (Eigen::Index l = 0; l < Z.cols(); ++l) {
          const double h = 1e-5 * (gp.upper()[l] - gp.lower()[l]);
          Eigen::MatrixXd plus = Z, minus = Z;
          plus(p, l) += h;
          minus(p, l) -= h;
          fd(p, l) = (trace.value(plus) - trace.value(minus)) / (2 * h);
        }
      }
      EXPECT_LT((gradient - fd).norm() / fd.norm(), 1e-6) << kernel_type_name(type) << " n=" << n;
    }
  }
}

TEST(GradientTrace, BlockCholeskyEqualsDirectRecomputation) {
  const Eigen::MatrixXd Z = rows({{0.1, 0.45, 2.9}, {-0.7, 0.2, 2.0}});
  const Eigen::Vector3d x(0.4, 0.3, 2.2);
  for (auto type : {KernelType::rbf, KernelType::matern52}) {
    const GaussianProcess gp = ard_gp(type, 12);
    // tr Cov[∇f(x)] from the stacked kernel matrix of [X; Z], in model units, then scaled.
    const Kernel& k = gp.kernel();
    Eigen::MatrixXd stacked(gp.size() + Z.rows(), 3);
    stacked << gp.unit_inputs(), gp.to_unit_cube(Z);
    Eigen::MatrixXd K = k.matrix(stacked);
    K.diagonal().array() += gp.noise_variance();
    const Eigen::VectorXd u = gp.point_to_unit_cube(x);
    const Eigen::MatrixXd J = k.gradient(u, stacked);
    const Eigen::MatrixXd covariance = k.cross_hessian(u, u) - J * K.ldlt().solve(J.transpose());
    const double s = gp.output_scaling().scale;
    const Eigen::ArrayXd w = gp.widths().array();
    const double direct = s * s * (covariance.diagonal().array() / w.square()).sum();
    EXPECT_NEAR(GradientTrace(gp, x).value(Z), direct, 1e-9 * direct) << kernel_type_name(type);

    // The same through the GP itself, conditioned on Z with any labels.
    GaussianProcess extended = gp;
    extended.add_fantasies(Z);
    EXPECT_NEAR(GradientTrace(gp, x).value(Z), gradient_posterior(extended, x).covariance.trace(),
                1e-9 * direct);
  }
}

TEST(GradientTrace, DoesNotDependOnLabelsAndNeverGrowsWithPoints) {
  const GaussianProcess gp = ard_gp(KernelType::matern52, 12);
  GaussianProcess relabelled = gp;
  relabelled.condition(gp.inputs(), -3.0 * gp.targets(), gp.output_scaling());
  const Eigen::Vector3d x(0.4, 0.3, 2.2);
  const Eigen::MatrixXd Z =
      rows({{0.1, 0.45, 2.9}, {-0.7, 0.2, 2.0}, {0.6, 0.8, 3.5}, {0.4, 0.3, 2.2}});
  const GradientTrace trace(gp, x);
  EXPECT_EQ(trace.value(Z), GradientTrace(relabelled, x).value(Z));
  double previous = trace.current();
  for (Eigen::Index b = 1; b <= Z.rows(); ++b) {
    const double v = trace.value(Z.topRows(b));
    EXPECT_LE(v, previous + 1e-12);
    previous = v;
  }
}

TEST(GradientTrace, CollapsedNoiselessBatchesDoNotThrow) {
  // Wu's noiseless GIBO drives points onto x and onto data: the batch block needs jitter.
  GaussianProcess gp = unit_gp(KernelType::rbf, 2, 0.0);
  const Eigen::MatrixXd X = rows({{0.0, 0.0}, {0.0, 0.0}, {0.5, 0.0}});
  gp.condition(X, Eigen::Vector3d(1, 1, 2), {0, 1});
  const GradientTrace trace(gp, Eigen::Vector2d::Zero());
  const Eigen::MatrixXd Z = rows({{0.0, 0.0}, {0.0, 1e-9}, {0.5, 0.0}});
  Eigen::MatrixXd gradient;
  const double v = trace.value(Z, &gradient);
  EXPECT_TRUE(std::isfinite(v));
  EXPECT_TRUE(gradient.allFinite());
  EXPECT_LE(v, trace.current() + 1e-6);
}

TEST(SelectGradientBatch, SinglePointReachesTheExactOptimum) {
  struct Case {
    KernelType type;
    Eigen::Index d;
    double sigma, optimum;
  };
  for (const Case& c :
       {Case{KernelType::rbf, 1, 0.0, 0.632121}, Case{KernelType::rbf, 1, 0.05, 0.633038},
        Case{KernelType::rbf, 1, 0.2, 0.646270}, Case{KernelType::rbf, 2, 0.0, 2 - std::exp(-1.0)},
        Case{KernelType::matern52, 1, 0.0, 1.274702}}) {
    for (auto mode : {GradientBatchOptions::Mode::greedy, GradientBatchOptions::Mode::joint}) {
      GradientBatchOptions options;
      options.mode = mode;
      options.box_delta = 0;
      const GaussianProcess gp = unit_gp(c.type, c.d, c.sigma);
      const GradientBatch batch = select_gradient_batch(gp, Eigen::VectorXd::Zero(c.d), options, 5);
      ASSERT_EQ(batch.points.rows(), 1);
      EXPECT_NEAR(batch.trace_before, gp.kernel().type() == KernelType::rbf ? c.d : 5.0 * c.d / 3,
                  1e-12);
      EXPECT_NEAR(batch.trace_after, c.optimum, 1e-5)
          << kernel_type_name(c.type) << " σ=" << c.sigma;
      EXPECT_EQ(batch.trace_after,
                GradientTrace(gp, Eigen::VectorXd::Zero(c.d)).value(batch.points));
    }
  }
}

TEST(SelectGradientBatch, JointBatchBeatsTheCentralDesign) {  // Matérn σ = 0.1, b = 2d
  for (Eigen::Index d : {1, 2}) {
    const GaussianProcess gp = unit_gp(KernelType::matern52, d, 0.1);
    const Eigen::VectorXd x = Eigen::VectorXd::Zero(d);
    GradientBatchOptions options;
    options.mode = GradientBatchOptions::Mode::joint;
    options.batch = 2 * d;
    options.box_delta = 0;
    const GradientBatch batch = select_gradient_batch(gp, x, options, 11);
    EXPECT_EQ(batch.points.rows(), 2 * d);
    EXPECT_LE(batch.trace_after, GradientTrace(gp, x).value(central_design(d, 0.257)) + 1e-6)
        << "d=" << d;
  }
}

TEST(SelectGradientBatch, JointBatchIsNeverWorseThanTheDifferenceDesigns) {
  // One evaluation per start and no random batches: only the structured starts can win.
  const GaussianProcess gp = ard_gp(KernelType::rbf, 12);
  const Eigen::Vector3d x(0.4, 0.3, 2.2);
  GradientBatchOptions options;
  options.mode = GradientBatchOptions::Mode::joint;
  options.batch = 4;
  options.box_delta = 0;
  options.restarts = 0;
  options.max_evaluations = 1;
  const GradientBatch batch = select_gradient_batch(gp, x, options, 1);
  // h = 0.1 × the shortest lengthscale in user units: 0.1 × min(0.3·4, 0.5·1, 0.7·4).
  const double h = 0.05;
  Eigen::MatrixXd forward = x.transpose().replicate(4, 1), central = forward;
  for (Eigen::Index i = 0; i < 3; ++i) forward(i + 1, i) += h;
  central(0, 0) += h;
  central(1, 0) -= h;
  central(2, 1) += h;
  central(3, 1) -= h;
  const GradientTrace trace(gp, x);
  EXPECT_LE(batch.trace_after, trace.value(forward));
  EXPECT_LE(batch.trace_after, trace.value(central));
}

TEST(SelectGradientBatch, GreedyStopsWhenAPointGainsTooLittle) {
  const GaussianProcess gp = unit_gp(KernelType::rbf, 1, 0.0);
  GradientBatchOptions options;
  options.batch = 6;
  options.box_delta = 0;
  const GradientBatch full = select_gradient_batch(gp, Eigen::VectorXd::Zero(1), options, 3);
  EXPECT_EQ(full.points.rows(), 6);
  options.min_reduction = 0.05;  // the first point gains 0.37, the next ones far less
  const GradientBatch early = select_gradient_batch(gp, Eigen::VectorXd::Zero(1), options, 3);
  EXPECT_GE(early.points.rows(), 2);  // the point that failed the test is kept
  EXPECT_LT(early.points.rows(), 6);
  EXPECT_LT(early.trace_after, early.trace_before);
}

TEST(SelectGradientBatch, SameSeedGivesBitIdenticalBatchesInsideTheSearchBox) {
  const GaussianProcess gp = ard_gp(KernelType::rbf, 12);
  const Eigen::Vector3d x(1.9, 0.5, 2.2);  // near the GP's upper bound in x_1
  for (auto mode : {GradientBatchOptions::Mode::greedy, GradientBatchOptions::Mode::joint}) {
    GradientBatchOptions options;
    options.mode = mode;
    options.batch = 3;
    options.box_delta = 0.3;
    options.raw_samples = 16;
    options.restarts = 2;
    const GradientBatch a = select_gradient_batch(gp, x, options, 42);
    const GradientBatch b = select_gradient_batch(gp, x, options, 42);
    ASSERT_EQ(a.points.rows(), 3);
    EXPECT_EQ(a.points, b.points);
    EXPECT_EQ(a.trace_after, b.trace_after);
    EXPECT_LT(a.trace_after, a.trace_before);
    const Eigen::Vector3d lower = (x.array() - 0.3).max(gp.lower().array());
    const Eigen::Vector3d upper = (x.array() + 0.3).min(gp.upper().array());
    for (Eigen::Index p = 0; p < a.points.rows(); ++p) {
      EXPECT_TRUE((a.points.row(p).transpose().array() >= lower.array()).all());
      EXPECT_TRUE((a.points.row(p).transpose().array() <= upper.array()).all());
    }
  }
}

}  // namespace
