// The ask/tell contract of every algorithm of the bbkb library, and BBKB's batches on a
// hand-made candidate set whose start-of-batch variances are known.
#include "support.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <stdexcept>
#include <type_traits>

namespace {

using namespace bbkb_test;
using namespace bopp::bbkb;

double bumps(const bopp::Points& X, Eigen::Index i) {
  const Eigen::RowVectorXd x = X.row(i);
  return std::exp(-(x.array() - 0.7).square().sum() / 0.05) +
         0.5 * std::exp(-(x.array() - 0.2).square().sum() / 0.02);
}

// Ten points 10 apart on a line with h = 1: the kernel between them is e^-50, so every arm
// is its own direction. With λ = 1, after one observation of the first arm, every other arm
// has start-of-batch variance k(x,x)/λ = 1, and f = 0 keeps the mean at 0.
bopp::Problem orthogonal_arms() {
  bopp::Points X(10, 1);
  for (Eigen::Index i = 0; i < 10; ++i) X(i, 0) = 10.0 * static_cast<double>(i);
  return candidate_problem(X);
}

template <class Algorithm>
std::vector<std::size_t> first_batches(const std::string& bound) {
  const bopp::Problem p = orthogonal_arms();
  Algorithm a = make<Algorithm>(p, "bandwidth = 1.0\nlambda = 1.0\n" + bound, 3);
  run(a, p.candidates, 1, 100, [](Eigen::Index) { return 0.0; });
  const bopp::Points batch = a.ask(100);
  a.tell(batch, Eigen::VectorXd::Zero(batch.rows()),
         std::vector<std::int32_t>(static_cast<std::size_t>(batch.rows()), BOPP_OK));
  return a.batch_sizes();
}

TEST(Bbkb, BatchEndsExactlyWhenOnePlusTheStartVariancesExceedTheBound) {
  // Variances 1 each: 1 + 1 + 1 = 3 ≤ 3.5 continues, the third point reaches 4 and ends it.
  EXPECT_EQ(first_batches<Bbkb>("c_tilde = 3.5"), (std::vector<std::size_t>{1, 3}));
  // 1 + 1 = 2 ≤ 2.9, the second point reaches 3 > 2.9.
  EXPECT_EQ(first_batches<Bbkb>("c_tilde = 2.9"), (std::vector<std::size_t>{1, 2}));
  // C̃ = 1: one point per batch whatever the variances.
  EXPECT_EQ(first_batches<BbkbUnitBatch>(""), (std::vector<std::size_t>{1, 1}));
  EXPECT_EQ(first_batches<Bkb>(""), (std::vector<std::size_t>{1, 1}));
}

TEST(Bbkb, BatchLongerThanMaxPointsContinuesAtTheNextAsk) {
  const bopp::Problem p = orthogonal_arms();
  Bbkb a = make<Bbkb>(p, "bandwidth = 1.0\nlambda = 1.0\nc_tilde = 3.5", 3);
  run(a, p.candidates, 1, 100, [](Eigen::Index) { return 0.0; });
  for (int k = 0; k < 3; ++k) {
    const bopp::Points X = a.ask(1);
    ASSERT_EQ(X.rows(), 1);
    a.tell(X, Eigen::VectorXd::Zero(1), std::vector<std::int32_t>{BOPP_OK});
  }
  EXPECT_EQ(a.batch_sizes(), (std::vector<std::size_t>{1, 3}));
}

TEST(Bbkb, RefusesAProblemWithoutCandidates) {
  const bopp::Problem box = bopp::Problem::box(2, 0.0, 1.0);
  EXPECT_THROW(make<Bbkb>(box, "", 1), std::invalid_argument);
  EXPECT_THROW(make<GpUcb>(box, "", 1), std::invalid_argument);
  EXPECT_THROW(make<EpsilonGreedy>(box, "", 1), std::invalid_argument);
  EXPECT_THROW(make<BatchThompson>(box, "", 1), std::invalid_argument);
}

template <class Algorithm>
class Contract : public ::testing::Test {};
using AllAlgorithms = ::testing::Types<Bbkb, BbkbLocal, BbkbUnitBatch, Bkb, GpUcb, GpBucb,
                                       EpsilonGreedy, BatchThompson>;
TYPED_TEST_SUITE(Contract, AllAlgorithms);

TYPED_TEST(Contract, AsksRowsOfTheCandidateSetAtMostMaxPointsAndReplaysBitForBit) {
  const bopp::Points C = random_candidates(80, 2, 1);
  const bopp::Problem p = candidate_problem(C);
  const std::string config =
      std::is_same_v<TypeParam, EpsilonGreedy> ? "" : "bandwidth = 0.2\nnoise_std = 0.01";
  TypeParam a = make<TypeParam>(p, config, 11);
  TypeParam b = make<TypeParam>(p, config, 11);
  for (std::size_t max_points : {1u, 4u, 1u, 16u, 3u, 8u, 1u, 32u}) {
    const bopp::Points X = a.ask(max_points);
    const bopp::Points Y = b.ask(max_points);
    ASSERT_GE(X.rows(), 1);
    ASSERT_LE(static_cast<std::size_t>(X.rows()), max_points);
    ASSERT_TRUE(
        X.rows() == Y.rows() &&
        std::memcmp(X.data(), Y.data(), sizeof(double) * static_cast<std::size_t>(X.size())) == 0);
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      Eigen::Index row = -1;
      for (Eigen::Index i = 0; i < C.rows(); ++i)
        if (C.row(i) == X.row(r)) row = i;
      ASSERT_GE(row, 0) << "asked point is not a candidate row";
      y[r] = bumps(C, row);
    }
    const std::vector<std::int32_t> ok(static_cast<std::size_t>(X.rows()), BOPP_OK);
    a.tell(X, y, ok);
    b.tell(Y, y, ok);
  }
  const Eigen::VectorXd best = a.recommend();
  bool is_row = false;
  for (Eigen::Index i = 0; i < C.rows(); ++i) is_row = is_row || C.row(i) == best.transpose();
  EXPECT_TRUE(is_row);
}

TEST(Bbkb, FailedPointsAreNotLearnedFrom) {
  const bopp::Points C = random_candidates(40, 2, 2);
  const bopp::Problem p = candidate_problem(C);
  Bbkb a = make<Bbkb>(p, "bandwidth = 0.2", 5);
  for (int k = 0; k < 10; ++k) {
    const bopp::Points X = a.ask(2);
    Eigen::VectorXd y = Eigen::VectorXd::Constant(X.rows(), std::nan(""));
    a.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_EVAL_FAILED));
  }
  EXPECT_EQ(a.dictionary_size(), 0u);
}

}  // namespace
