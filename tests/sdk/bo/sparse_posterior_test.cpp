// The λ-scaled Nyström posterior against the toolkit's exact GP, and its rank-one updates
// for pending points against a fresh factorization.
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/nystrom_embedding.hpp>
#include <bopp/bo/sparse_posterior.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using bopp::bo::Kernel;
using bopp::bo::KernelType;

constexpr double lambda = 0.05;
constexpr double bandwidth = 0.3;

Eigen::MatrixXd random_points(Eigen::Index n, Eigen::Index d, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Eigen::MatrixXd X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
  return X;
}

// Arms 0, 3, 3, 7, 11, 11, 11 observed (repeats included) with values of a smooth function.
struct Observations {
  Eigen::VectorXd counts, sums;
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
};

Observations observe(const Eigen::MatrixXd& arms) {
  Observations o{Eigen::VectorXd::Zero(arms.rows()), Eigen::VectorXd::Zero(arms.rows()),
                 Eigen::MatrixXd(7, arms.cols()), Eigen::VectorXd(7)};
  const int pulls[] = {0, 3, 3, 7, 11, 11, 11};
  for (int s = 0; s < 7; ++s) {
    const int i = pulls[s];
    const double y = std::sin(5.0 * arms(i, 0)) + arms(i, 1) + 0.01 * s;
    o.counts[i] += 1.0;
    o.sums[i] += y;
    o.X.row(s) = arms.row(i);
    o.y[s] = y;
  }
  return o;
}

bopp::bo::GaussianProcess exact_gp(const Observations& o) {
  bopp::bo::GaussianProcess gp(Kernel(KernelType::rbf, 2, bandwidth, 1.0), Eigen::VectorXd::Zero(2),
                               Eigen::VectorXd::Ones(2));
  bopp::bo::Hyperparameters h;
  h.lengthscales = Eigen::VectorXd::Constant(2, bandwidth);  // the unit cube is the box
  h.outputscale = 1.0;
  h.noise_variance = lambda;
  gp.set_hyperparameters(h);
  gp.condition(o.X, o.y, bopp::bo::OutputScaling{});
  return gp;
}

TEST(SparsePosterior, EqualsTheExactGpWhenTheDictionaryHoldsEveryPoint) {
  const Eigen::MatrixXd arms = random_points(25, 2, 5);
  const Kernel k(KernelType::rbf, 2, bandwidth, 1.0);
  const Observations o = observe(arms);
  const bopp::bo::SparsePosterior sparse(bopp::bo::nystrom_embedding(k, arms, arms), o.counts,
                                         o.sums, lambda);
  const bopp::bo::Posterior exact = exact_gp(o).predict(arms);
  EXPECT_LT((sparse.mean() - exact.mean).cwiseAbs().maxCoeff(), 1e-8);
  // The paper's variances are the Bayesian ones divided by λ.
  EXPECT_LT((lambda * sparse.variance() - exact.variance).cwiseAbs().maxCoeff(), 1e-8);
}

TEST(SparsePosterior, EqualsTheExactGpWithTheObservedArmsAsDictionary) {
  const Eigen::MatrixXd arms = random_points(25, 2, 6);
  const Kernel k(KernelType::rbf, 2, bandwidth, 1.0);
  const Observations o = observe(arms);
  Eigen::MatrixXd S(4, 2);
  S << arms.row(0), arms.row(3), arms.row(7), arms.row(11);
  const bopp::bo::SparsePosterior sparse(bopp::bo::nystrom_embedding(k, arms, S), o.counts, o.sums,
                                         lambda);
  const bopp::bo::Posterior exact = exact_gp(o).predict(arms);
  EXPECT_LT((sparse.mean() - exact.mean).cwiseAbs().maxCoeff(), 1e-8);
  EXPECT_LT((lambda * sparse.variance() - exact.variance).cwiseAbs().maxCoeff(), 1e-8);
}

TEST(SparsePosterior, EmptyDictionaryIsThePrior) {
  const Eigen::MatrixXd arms = random_points(6, 2, 7);
  const Kernel k(KernelType::rbf, 2, bandwidth, 1.0);
  const Observations o = observe(random_points(12, 2, 8));
  const bopp::bo::SparsePosterior sparse(
      bopp::bo::nystrom_embedding(k, arms, Eigen::MatrixXd(0, 2)), Eigen::VectorXd::Ones(6),
      Eigen::VectorXd::Ones(6), lambda);
  EXPECT_TRUE(sparse.mean().isZero());
  EXPECT_TRUE(sparse.variance().isApproxToConstant(1.0 / lambda));
}

TEST(SparsePosterior, PendingVariancesMatchAFreshFactorizationAndNeverRise) {
  const Eigen::MatrixXd arms = random_points(40, 2, 9);
  const Kernel k(KernelType::rbf, 2, bandwidth, 1.0);
  const Eigen::MatrixXd S = arms.topRows(10);
  const auto embedding = bopp::bo::nystrom_embedding(k, arms, S);
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(40);
  counts.head(10).setOnes();
  const Eigen::VectorXd sums = counts * 0.5;
  bopp::bo::SparsePosterior sparse(embedding, counts, sums, lambda);

  Eigen::VectorXd previous = sparse.variance();
  Eigen::VectorXd pending = counts;
  for (const Eigen::Index arm : {Eigen::Index{20}, Eigen::Index{3}, Eigen::Index{20}}) {
    sparse.add_pending(arm);
    pending[arm] += 1.0;
    const bopp::bo::SparsePosterior fresh(embedding, pending, sums, lambda);
    for (Eigen::Index i = 0; i < 40; ++i) {
      const double v = sparse.pending_variance(i);
      EXPECT_NEAR(v, fresh.variance()[i], 1e-10 * fresh.variance()[i]);
      EXPECT_LE(v, previous[i] * (1.0 + 1e-12));
      EXPECT_GE(v, embedding.residual[i] / lambda * (1.0 - 1e-12));
      previous[i] = v;
    }
  }
  // The batch's start stays frozen.
  EXPECT_EQ(sparse.mean(), bopp::bo::SparsePosterior(embedding, counts, sums, lambda).mean());
}

// Calandriello et al. 2020, Lemma 1: σ̃²_fb(x)/σ̃²_t(x) ≤ 1 + Σ_batch σ̃²_fb(x_s) for every x.
TEST(SparsePosterior, VarianceRatioIsBoundedByOnePlusTheBatchVariances) {
  const Eigen::MatrixXd arms = random_points(60, 3, 10);
  const Kernel k(KernelType::rbf, 3, 0.4, 1.0);
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::MatrixXd S(8, 3);
    Eigen::VectorXd counts = Eigen::VectorXd::Zero(60);
    for (Eigen::Index j = 0; j < 8; ++j) {
      const auto i = static_cast<Eigen::Index>(rng() % 60);
      S.row(j) = arms.row(i);
      counts[i] += 1.0;
    }
    bopp::bo::SparsePosterior sparse(bopp::bo::nystrom_embedding(k, arms, S), counts,
                                     Eigen::VectorXd::Zero(60), lambda);
    double bound = 1.0;
    for (int s = 0; s < 5; ++s) {
      const auto c = static_cast<Eigen::Index>(rng() % 60);
      sparse.add_pending(c);
      bound += sparse.variance()[c];
    }
    for (Eigen::Index i = 0; i < 60; ++i)
      EXPECT_LE(sparse.variance()[i] / sparse.pending_variance(i), bound * (1.0 + 1e-12));
  }
}

}  // namespace
