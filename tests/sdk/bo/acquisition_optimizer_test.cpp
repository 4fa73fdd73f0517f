// Acquisition optimization: finds interior and boundary maxima of known functions, and
// the best allowed row of a candidate set.
#include <bopp/bo/acquisition_optimizer.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace bopp::bo;

// −|x − centre|² with a secondary bump: a known maximum at `centre`.
class Quadratic : public Acquisition {
 public:
  explicit Quadratic(Eigen::VectorXd centre) : centre_(std::move(centre)) {}
  Eigen::Index dim() const override { return centre_.size(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override {
    Eigen::VectorXd v(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) v[i] = value(X.row(i).transpose());
    return v;
  }
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override {
    const Eigen::VectorXd bump = x - Eigen::VectorXd::Constant(x.size(), -0.5);
    const double b = 0.5 * std::exp(-20 * bump.squaredNorm());
    if (gradient != nullptr) *gradient = -2 * (x - centre_) - 40 * b * bump;
    return -(x - centre_).squaredNorm() + b;
  }

 private:
  Eigen::VectorXd centre_;
};

TEST(MaximizeAcquisition, FindsInteriorMaximumPrecisely) {
  const Eigen::Vector3d centre(0.3, 0.7, 0.45);
  AcquisitionOptimizerOptions options;
  options.raw_samples = 64;
  options.restarts = 3;
  const auto best = maximize_acquisition(Quadratic(centre), Eigen::Vector3d::Zero(),
                                         Eigen::Vector3d::Ones(), options, 1);
  EXPECT_LT((best.x - centre).norm(), 1e-5);
  EXPECT_NEAR(best.value, 0.0, 1e-8);
}

TEST(MaximizeAcquisition, StopsAtTheBoundaryWhenTheMaximumIsOutside) {
  const Eigen::Vector2d centre(2.0, 0.5);
  const auto best = maximize_acquisition(Quadratic(centre), Eigen::Vector2d::Zero(),
                                         Eigen::Vector2d::Ones(), {}, 2);
  EXPECT_NEAR(best.x[0], 1.0, 1e-12);
  EXPECT_NEAR(best.x[1], 0.5, 1e-5);
}

TEST(MaximizeAcquisition, UsesExtraStartsAndNeverLeavesTheBox) {
  AcquisitionOptimizerOptions options;
  options.raw_samples = 1;
  options.restarts = 0;
  Eigen::MatrixXd extra(1, 2);
  extra << 0.9, 0.9;
  const auto best =
      maximize_acquisition(Quadratic(Eigen::Vector2d(0.8, 0.2)), Eigen::Vector2d::Zero(),
                           Eigen::Vector2d::Ones(), options, 3, extra);
  EXPECT_LT((best.x - Eigen::Vector2d(0.8, 0.2)).norm(), 1e-5);
}

TEST(MaximizeAcquisition, BatchedStartsFindTheMaximumAsSeparateRunsDo) {
  const Eigen::Vector3d centre(0.3, 0.7, 0.45);
  AcquisitionOptimizerOptions options;
  options.raw_samples = 64;
  options.restarts = 4;
  options.batch_starts = true;
  const auto best = maximize_acquisition(Quadratic(centre), Eigen::Vector3d::Zero(),
                                         Eigen::Vector3d::Ones(), options, 1);
  EXPECT_LT((best.x - centre).norm(), 1e-5);
  EXPECT_NEAR(best.value, 0.0, 1e-8);

  // On a GP's log EI, the stacked problem reaches the separate runs' maximum.
  Eigen::MatrixXd X(12, 2);
  Eigen::VectorXd y(12);
  for (Eigen::Index i = 0; i < 12; ++i) {
    X(i, 0) = 0.08 * static_cast<double>(i) + 0.02;
    X(i, 1) = std::fmod(0.37 * static_cast<double>(i), 1.0);
    y[i] = std::sin(5 * X(i, 0)) + X(i, 1);
  }
  GaussianProcess gp(Kernel(KernelType::matern52, 2), Eigen::Vector2d::Zero(),
                     Eigen::Vector2d::Ones());
  gp.condition(X, y);
  const LogExpectedImprovement logei(gp, y.maxCoeff());
  options.restarts = 6;
  const double batched = maximize_acquisition(logei, gp.lower(), gp.upper(), options, 5).value;
  options.batch_starts = false;
  const double separate = maximize_acquisition(logei, gp.lower(), gp.upper(), options, 5).value;
  EXPECT_NEAR(batched, separate, 1e-6 * std::abs(separate));
}

// The runs in lockstep are the separate runs, evaluated a round at a time through the batched
// posterior: the same maximum on a GP's log EI (to rounding), several starts ending at
// different evaluations.
TEST(MaximizeAcquisition, StartsInLockstepFindTheSeparateRunsMaximum) {
  Eigen::MatrixXd X(15, 3);
  Eigen::VectorXd y(15);
  for (Eigen::Index i = 0; i < 15; ++i) {
    X(i, 0) = std::fmod(0.13 * static_cast<double>(i) + 0.05, 1.0);
    X(i, 1) = std::fmod(0.37 * static_cast<double>(i), 1.0);
    X(i, 2) = std::fmod(0.71 * static_cast<double>(i) + 0.3, 1.0);
    y[i] = std::sin(5 * X(i, 0)) + X(i, 1) * X(i, 2);
  }
  GaussianProcess gp(Kernel(KernelType::matern52, 3), Eigen::Vector3d::Zero(),
                     Eigen::Vector3d::Ones());
  gp.condition(X, y);
  const LogExpectedImprovement logei(gp, y.maxCoeff());
  const UpperConfidenceBound ucb(gp, 2.0);
  for (const Acquisition* acquisition :
       {static_cast<const Acquisition*>(&logei), static_cast<const Acquisition*>(&ucb)}) {
    for (const std::uint64_t seed : {1, 2, 3}) {
      AcquisitionOptimizerOptions options;
      options.raw_samples = 64;
      options.restarts = 8;
      const AcquisitionMaximum separate =
          maximize_acquisition(*acquisition, gp.lower(), gp.upper(), options, seed);
      options.lockstep_starts = true;
      const AcquisitionMaximum lockstep =
          maximize_acquisition(*acquisition, gp.lower(), gp.upper(), options, seed);
      EXPECT_NEAR(lockstep.value, separate.value, 1e-9 * (1 + std::abs(separate.value)))
          << "seed " << seed;
      EXPECT_LT((lockstep.x - separate.x).norm(), 1e-5) << "seed " << seed;
    }
  }
}

TEST(MaximizeOverCandidates, ReturnsBestRowThatIsNotExcluded) {
  Eigen::MatrixXd candidates(4, 2);
  candidates << 0, 0, 0.31, 0.69, 0.3, 0.7, 1, 1;
  const Quadratic q(Eigen::Vector2d(0.3, 0.7));
  EXPECT_EQ(maximize_over_candidates(q, candidates).index, 2);
  const auto best = maximize_over_candidates(q, candidates, {false, false, true, false});
  EXPECT_EQ(best.index, 1);
  EXPECT_EQ(best.x, candidates.row(1).transpose());
  EXPECT_THROW(maximize_over_candidates(q, candidates, {true, true, true, true}),
               std::invalid_argument);
}

}  // namespace
