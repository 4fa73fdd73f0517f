// The bbkb library's exact posterior kept over the distinct arms against the toolkit's
// GaussianProcess conditioned afresh on the same points (every repeat a row of its own), its
// checkpoints, and GP-AUCB's handling of a failed point in the middle of a batch.
#include "arm_gp.hpp"
#include "exact_gp.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include "candidate_rows.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace bbkb_test;
using namespace bopp::bbkb;

struct Fixture {
  bopp::Points candidates;
  Settings settings;
  explicit Fixture(Eigen::Index n = 60) : candidates(random_candidates(n, 3, 4)) {
    settings.bandwidth = 0.3;
    settings.lambda = 1e-3;
  }
  ArmGp incremental() const {
    return ArmGp(settings.kernel(candidates.cols()), candidates, settings.lambda);
  }
  // The toolkit's GP on the given arms: `values` for the first values.size() arms, the rest
  // as fantasies (which leave the mean alone).
  bopp::bo::GaussianProcess fresh(const std::vector<Eigen::Index>& arms,
                                  const std::vector<double>& values) const {
    bopp::bo::GaussianProcess gp = make_exact_gp(settings, candidates);
    bopp::Points X(static_cast<Eigen::Index>(values.size()), candidates.cols());
    Eigen::VectorXd y(X.rows());
    for (std::size_t i = 0; i < values.size(); ++i) {
      X.row(static_cast<Eigen::Index>(i)) = candidates.row(arms[i]);
      y[static_cast<Eigen::Index>(i)] = values[i];
    }
    if (X.rows() > 0) gp.add_observations(X, y);
    for (std::size_t i = values.size(); i < arms.size(); ++i)
      gp.add_fantasies(candidates.row(arms[i]));
    return gp;
  }
  void expect_equal(const ArmGp& gp, const std::vector<Eigen::Index>& arms,
                    const std::vector<double>& values) const {
    const bopp::bo::GaussianProcess valued =
        fresh(std::vector<Eigen::Index>(arms.begin(), arms.begin() + values.size()), values);
    const bopp::bo::Posterior mean = valued.predict(candidates);
    const bopp::bo::Posterior all = fresh(arms, values).predict(candidates);
    EXPECT_LT((gp.mean() - mean.mean).cwiseAbs().maxCoeff(), 1e-9);
    EXPECT_LT((gp.variance() - all.variance).cwiseAbs().maxCoeff(), 1e-9);
    const double log_det = information_gain(valued, settings.lambda);
    EXPECT_NEAR(gp.log_det(), log_det, 1e-9 * std::max(1.0, std::abs(log_det)));
    EXPECT_EQ(gp.rows(), arms.size());
    EXPECT_EQ(gp.valued_rows(), values.size());
  }
};

TEST(ArmGp, EqualsTheExactGpConditionedAfresh) {
  const Fixture f;
  ArmGp gp = f.incremental();
  EXPECT_EQ(gp.mean(), Eigen::VectorXd::Zero(60));
  EXPECT_EQ(gp.variance(), Eigen::VectorXd::Ones(60));
  // 40 rows (more than the first capacity, so the storage grows), one arm told twice.
  std::vector<Eigen::Index> arms;
  std::vector<double> values;
  std::mt19937_64 rng(9);
  for (int i = 0; i < 40; ++i) {
    const Eigen::Index arm = i == 7 ? arms[2] : static_cast<Eigen::Index>(rng() % 60);
    const double y = std::sin(3.0 * f.candidates(arm, 0)) + 0.01 * static_cast<double>(i % 3);
    gp.append(arm);
    gp.give_value(y);
    arms.push_back(arm);
    values.push_back(y);
  }
  f.expect_equal(gp, arms, values);
}

TEST(ArmGp, HallucinatedRowsMoveTheVarianceNotTheMean) {
  const Fixture f;
  ArmGp gp = f.incremental();
  const std::vector<Eigen::Index> arms = {3, 17, 42, 5, 17};
  const std::vector<double> values = {0.5, -0.2, 1.1, 0.3, -0.1};
  for (const Eigen::Index arm : arms) gp.append(arm);
  f.expect_equal(gp, arms, {});
  gp.give_value(values[0]);
  gp.give_value(values[1]);
  f.expect_equal(gp, arms, {0.5, -0.2});
  for (std::size_t i = 2; i < values.size(); ++i) gp.give_value(values[i]);
  f.expect_equal(gp, arms, values);
  EXPECT_THROW(gp.give_value(0.0), std::logic_error);
}

TEST(ArmGp, TruncatingEqualsNeverHavingTheRows) {
  const Fixture f;
  ArmGp gp = f.incremental();
  for (const Eigen::Index arm : {8, 9, 30, 31}) gp.append(arm);
  gp.give_value(0.4);
  gp.give_value(0.7);
  gp.truncate(2);  // the two hallucinated rows go
  f.expect_equal(gp, {8, 9}, {0.4, 0.7});
  gp.truncate(1);  // and a valued one
  f.expect_equal(gp, {8}, {0.4});
  gp.append(50);
  gp.give_value(-0.3);
  f.expect_equal(gp, {8, 50}, {0.4, -0.3});
  gp.truncate(0);
  f.expect_equal(gp, {}, {});
}

// A bandit's rows: a dozen arms repeated over 240 points, batches of hallucinated points
// (repeats among them) checked before their values come, and failed points truncated.
TEST(ArmGp, RepeatedArmsEqualTheExactGpWithARowPerPoint) {
  const Fixture f;
  ArmGp gp = f.incremental();
  std::mt19937_64 rng(11);
  std::vector<Eigen::Index> arms;
  std::vector<double> values;
  for (int batch = 0; arms.size() < 240; ++batch) {
    const std::size_t k = 1 + rng() % 4;
    for (std::size_t i = 0; i < k; ++i) {
      const auto arm = static_cast<Eigen::Index>(5 * (rng() % 12));
      gp.append(arm);
      arms.push_back(arm);
    }
    if (rng() % 5 == 0) {
      const std::size_t keep = values.size() + rng() % k;
      gp.truncate(keep);
      arms.resize(keep);
    }
    if (batch % 10 == 0) f.expect_equal(gp, arms, values);
    while (values.size() < arms.size()) {
      const Eigen::Index arm = arms[values.size()];
      const double y = std::sin(3.0 * f.candidates(arm, 0)) + 0.01 * std::cos(values.size());
      gp.give_value(y);
      values.push_back(y);
    }
  }
  EXPECT_LE(gp.distinct_arms(), 12u);
  f.expect_equal(gp, arms, values);
}

// GP-UCB against a naive reference: at every step the toolkit's GP conditioned afresh on
// every point told, one row per point, and the argmax of its UCB at the algorithm's width;
// 150 steps on 15 candidates, so nearly every point is a repeat.
TEST(ArmGp, GpUcbAsksWhatTheExactGpConditionedAfreshAsks) {
  const Fixture f(15);
  const bopp::Problem p = candidate_problem(f.candidates);
  GpUcb a = make<GpUcb>(p, "bandwidth = 0.3\nlambda = 0.001", 6);
  std::vector<Eigen::Index> arms;
  std::vector<double> values;
  for (int step = 0; step < 150; ++step) {
    const bopp::Points X = a.ask(1);
    ASSERT_EQ(X.rows(), 1);
    const Eigen::Index arm = nearest_candidate(f.candidates, X.row(0).transpose());
    if (step > 0) {
      const bopp::bo::Posterior post = f.fresh(arms, values).predict(f.candidates);
      const Eigen::VectorXd ucb =
          post.mean + a.width() * (post.variance / f.settings.lambda).cwiseSqrt();
      ASSERT_EQ(arm, first_argmax(ucb)) << "step " << step;
    }
    const double y = std::sin(5.0 * f.candidates(arm, 0)) * std::cos(3.0 * f.candidates(arm, 1));
    a.tell(X, Eigen::VectorXd::Constant(1, y), std::vector<std::int32_t>{BOPP_OK});
    arms.push_back(arm);
    values.push_back(y);
  }
}

TEST(ArmGp, RestoredContinuesBitForBit) {
  const Fixture f;
  ArmGp gp = f.incremental();
  for (const Eigen::Index arm : {4, 9, 4, 4, 20, 9}) gp.append(arm);
  for (int i = 0; i < 4; ++i) gp.give_value(0.1 * i);
  gp.truncate(5);
  for (const Eigen::Index arm : {9, 4, 4}) gp.append(arm);  // repeats since the last factoring
  bopp::StateArchive archive;
  gp.save(archive);
  ArmGp restored = f.incremental();
  restored.restore(archive);
  for (ArmGp* g : {&gp, &restored}) {
    for (const Eigen::Index arm : {4, 33, 9}) g->append(arm);
    for (int i = 0; i < 5; ++i) g->give_value(-0.2 * i);
  }
  EXPECT_EQ(restored.variance(), gp.variance());
  EXPECT_EQ(restored.mean(), gp.mean());
  EXPECT_EQ(restored.log_det(), gp.log_det());
  EXPECT_EQ(restored.rows(), gp.rows());
  EXPECT_EQ(restored.valued_rows(), gp.valued_rows());
}

TEST(ArmGp, RefusesAStateOfAnotherCandidateSet) {
  const Fixture f;
  ArmGp gp = f.incremental();
  gp.append(3);
  bopp::StateArchive archive;
  gp.save(archive);
  archive.write("arms", std::vector<Eigen::Index>{70});
  ArmGp restored = f.incremental();
  EXPECT_THROW(restored.restore(archive), bopp::StateError);
}

// GP-AUCB with λ = 1 on arms 10 apart (h = 1): every unobserved arm has variance 1 and the
// mean stays 0 with zero values, so the UCB picks the lowest-index unobserved arm, and with
// C = 4 the second batch holds 3 points (Π(1 + 1) = 2, 4, then 8 > 4 at the crossing point).
// Its first point fails: it must be forgotten (variance 1 again, not a hallucinated 1/2), so
// it is the next batch's first choice.
TEST(GpBucb, AFailedPointInABatchIsForgotten) {
  bopp::Points X(6, 1);
  for (Eigen::Index i = 0; i < 6; ++i) X(i, 0) = 10.0 * static_cast<double>(i);
  const bopp::Problem p = candidate_problem(X);
  GpBucb a = make<GpBucb>(p, "bandwidth = 1.0\nlambda = 1.0\nc_tilde = 4.0", 3);
  const bopp::Points first = a.ask(10);
  ASSERT_EQ(first.rows(), 1);
  a.tell(first, Eigen::VectorXd::Zero(1), std::vector<std::int32_t>{BOPP_OK});
  const bopp::Points batch = a.ask(10);
  ASSERT_EQ(batch.rows(), 3);  // Π(1 + 1): 2, 4, then 8 > 4 at the crossing point
  a.tell(batch, Eigen::VectorXd::Zero(3),
         std::vector<std::int32_t>{BOPP_EVAL_FAILED, BOPP_OK, BOPP_OK});
  const bopp::Points next = a.ask(1);
  ASSERT_EQ(next.rows(), 1);
  EXPECT_EQ(next.row(0), batch.row(0));
}

}  // namespace
