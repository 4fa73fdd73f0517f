// The bbkb library's incremental exact posterior over the candidates against the toolkit's
// GaussianProcess conditioned afresh on the same points, and GP-AUCB's handling of a failed
// point in the middle of a batch.
#include "candidate_gp.hpp"
#include "exact_gp.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace bbkb_test;
using namespace bopp::bbkb;

struct Fixture {
  bopp::Points candidates = random_candidates(60, 3, 4);
  Settings settings;
  Fixture() {
    settings.bandwidth = 0.3;
    settings.lambda = 1e-3;
  }
  CandidateGp incremental() const {
    return CandidateGp(settings.kernel(candidates.cols()), candidates, settings.lambda);
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
  void expect_equal(const CandidateGp& gp, const std::vector<Eigen::Index>& arms,
                    const std::vector<double>& values) const {
    const bopp::bo::GaussianProcess valued =
        fresh(std::vector<Eigen::Index>(arms.begin(), arms.begin() + values.size()), values);
    const bopp::bo::Posterior mean = valued.predict(candidates);
    const bopp::bo::Posterior all = fresh(arms, values).predict(candidates);
    EXPECT_LT((gp.mean() - mean.mean).cwiseAbs().maxCoeff(), 1e-9);
    EXPECT_LT((gp.variance() - all.variance).cwiseAbs().maxCoeff(), 1e-9);
    EXPECT_NEAR(gp.log_det(), information_gain(valued, settings.lambda), 1e-9);
    EXPECT_EQ(gp.rows(), arms.size());
    EXPECT_EQ(gp.valued_rows(), values.size());
  }
};

TEST(CandidateGp, EqualsTheExactGpConditionedAfresh) {
  const Fixture f;
  CandidateGp gp = f.incremental();
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

TEST(CandidateGp, HallucinatedRowsMoveTheVarianceNotTheMean) {
  const Fixture f;
  CandidateGp gp = f.incremental();
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

TEST(CandidateGp, TruncatingEqualsNeverHavingTheRows) {
  const Fixture f;
  CandidateGp gp = f.incremental();
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
