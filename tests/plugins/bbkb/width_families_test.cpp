// The width families alike for every UCB method: with a dictionary holding every observed arm,
// BBKB's posterior is the exact GP's, so at C̃ = 1 its UCBs must equal exact GP-UCB's under
// either family, step after step. Also BKB's own width, the median-distance bandwidth and the
// warnings of a kernel too narrow for the candidate set.
#include "median_distance.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace bbkb_test;
using namespace bopp::bbkb;

double wave(const bopp::Points& X, Eigen::Index i) {
  return std::sin(5.0 * X(i, 0)) * std::cos(3.0 * X(i, 1)) + 0.3 * X(i, 0);
}

// q̄ = 1e300 keeps every observed arm in the dictionary (probability min(1, q̄ n σ̃²) = 1).
void expect_same_ucbs_as_gp_ucb(const std::string& family) {
  const bopp::Points C = random_candidates(40, 2, 21);
  const bopp::Problem p = candidate_problem(C);
  const std::string config =
      "bandwidth = 0.25\nnoise_std = 0.1\nwidth_schedule = \"" + family + "\"";
  Bbkb sparse = make<Bbkb>(p, config + "\nc_tilde = 1.0\nq_bar = 1e300", 4);
  GpUcb exact = make<GpUcb>(p, config, 4);
  for (int step = 0; step < 30; ++step) {
    // At the batch's start, before the choice: within a batch BBKB's frozen dictionary leaves
    // the chosen arm's residual variance, where the exact GP conditions on it.
    if (step > 0) {  // the first point is drawn, not chosen
      ASSERT_NEAR(sparse.width(), exact.width(), 1e-12 * exact.width()) << family << step;
      const Eigen::VectorXd u = sparse.ucb_values();
      const Eigen::VectorXd v = exact.ucb_values();
      ASSERT_LT((u - v).cwiseAbs().maxCoeff(), 1e-8 * v.cwiseAbs().maxCoeff())
          << family << ", step " << step;
    }
    const bopp::Points X = sparse.ask(1);
    const bopp::Points Y = exact.ask(1);
    ASSERT_EQ(X, Y) << family << ", step " << step;
    Eigen::VectorXd y(1);
    for (Eigen::Index i = 0; i < C.rows(); ++i)
      if (C.row(i) == X.row(0)) y[0] = wave(C, i);
    sparse.tell(X, y, std::vector<std::int32_t>{BOPP_OK});
    exact.tell(Y, y, std::vector<std::int32_t>{BOPP_OK});
  }
}

TEST(BbkbWidth, FullDictionaryGivesGpUcbsUcbsUnderTheTheoremFamily) {
  expect_same_ucbs_as_gp_ucb("theorem");
}

TEST(BbkbWidth, FullDictionaryGivesGpUcbsUcbsUnderTheReferenceFamily) {
  expect_same_ucbs_as_gp_ucb("reference");
}

TEST(BbkbWidth, BkbWidthIsItsOwnAndUnitBatchBbkbKeepsTheorem2s) {
  Settings s;
  s.noise_std = 0.1;
  s.lambda = 0.01;
  s.delta = 1e-4;
  const double confidence = std::log(1e4);
  // Theorem family: 2ξ √(3 log t Σ + log 1/δ) + (1 + √2) √λ F.
  EXPECT_NEAR(
      s.bkb_width(2.0, 100.0),
      0.2 * std::sqrt(3.0 * std::log(100.0) * 2.0 + confidence) + (1.0 + std::sqrt(2.0)) * 0.1,
      1e-12);
  s.schedule = WidthSchedule::reference;
  EXPECT_NEAR(s.bkb_width(2.0, 100.0), 0.1 + std::sqrt(0.01 * (std::log(100.0) * 2.0 + confidence)),
              1e-12);
  EXPECT_DOUBLE_EQ(s.information(2.0), std::log(3.0));
  s.schedule = WidthSchedule::theorem;
  EXPECT_DOUBLE_EQ(s.information(2.0), std::log(7.0));

  // After the same first observation bkb and bbkb-unit-batch differ only in the width.
  const bopp::Points C = random_candidates(30, 2, 3);
  const bopp::Problem p = candidate_problem(C);
  const std::string config = "bandwidth = 0.3\nnoise_std = 0.1";
  Bkb bkb = make<Bkb>(p, config, 2);
  BbkbUnitBatch unit = make<BbkbUnitBatch>(p, config, 2);
  run(bkb, C, 1, 1, [&](Eigen::Index i) { return wave(C, i); });
  run(unit, C, 1, 1, [&](Eigen::Index i) { return wave(C, i); });
  // One observation: Λ = log(1 + 3/λ) for BBKB; BKB's sum is log 1 · σ̃² = 0.
  EXPECT_NEAR(unit.width(), unit.settings().width(std::log1p(3.0 / 0.01), 1.0), 1e-12);
  EXPECT_NEAR(bkb.width(), bkb.settings().bkb_width(0.0, 1.0), 1e-12);
}

TEST(BbkbBandwidth, DefaultIsTheMedianDistanceBetweenCandidates) {
  bopp::Points X(4, 1);
  X << 0.0, 1.0, 3.0, 7.0;  // distances 1 2 3 4 6 7: the upper median is 4
  EXPECT_DOUBLE_EQ(median_distance(X), 4.0);
  EXPECT_DOUBLE_EQ(median_distance(bopp::Points::Zero(3, 2)), 1.0);
  const bopp::Problem p = candidate_problem(random_candidates(50, 3, 8));
  Bbkb a = make<Bbkb>(p, "", 1);
  EXPECT_DOUBLE_EQ(a.settings().bandwidth, median_distance(p.candidates));
  EXPECT_DOUBLE_EQ(make<Bbkb>(p, "bandwidth = 0.5", 1).settings().bandwidth, 0.5);
}

// A host that keeps the warnings an algorithm logs.
struct Logged {
  Logged() {
    host.struct_size = sizeof host;
    host.context = this;
    host.log = &Logged::log;
  }
  Logged(const Logged&) = delete;
  Logged& operator=(const Logged&) = delete;
  bopp::Host handle() { return bopp::Host(&host); }
  static void log(void* context, std::int32_t level, const char* message) {
    if (level == BOPP_LOG_WARNING) static_cast<Logged*>(context)->warnings.emplace_back(message);
  }

  std::vector<std::string> warnings;
  bopp_host host{};
};

TEST(BbkbWarning, NarrowKernelSaysWhatToChange) {
  // 210 arms 10 apart with h = 1: no arm tells anything about another, so every batch holds
  // one point and the dictionary keeps every arm observed.
  bopp::Points X(210, 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i) X(i, 0) = 10.0 * static_cast<double>(i);
  const bopp::Problem p = candidate_problem(X);
  Logged logged;
  Bbkb a(p, bopp::kit::parse_config<Bbkb>("bandwidth = 1.0\nnoise_std = 0.1", "algorithm"), 1,
         logged.handle());
  run(a, X, 201, 1, [](Eigen::Index) { return 0.0; });
  ASSERT_EQ(logged.warnings.size(), 2u);
  EXPECT_NE(logged.warnings[0].find("batches held one point each"), std::string::npos);
  EXPECT_NE(logged.warnings[0].find("bandwidth 1"), std::string::npos);
  EXPECT_NE(logged.warnings[1].find("dictionary holds"), std::string::npos);

  // A kernel that fits the set says nothing.
  Logged quiet;
  const bopp::Points C = random_candidates(210, 2, 5);
  Bbkb b(candidate_problem(C), bopp::kit::parse_config<Bbkb>("", "algorithm"), 1, quiet.handle());
  run(b, C, 201, 1, [&](Eigen::Index i) { return wave(C, i); });
  EXPECT_TRUE(quiet.warnings.empty());
}

TEST(BbkbWarning, ADictionaryOfRepeatedArmsIsNotCalledGrowing) {
  // A design of 600 pulls of 3 arms and one pull each of 210 others, every observed arm kept
  // (q̄ = 1e300): the dictionary holds all 213 arms observed but a quarter of the 810 points
  // told. Its size is bounded by the arms, not by t, as on the paper's sets, where arms repeat.
  const bopp::Points C = random_candidates(240, 2, 7);
  bopp::Points X(810, 2);
  for (Eigen::Index r = 0; r < 600; ++r) X.row(r) = C.row(r % 3);
  for (Eigen::Index r = 600; r < 810; ++r) X.row(r) = C.row(r - 597);
  Logged logged;
  Bbkb a(candidate_problem(C),
         bopp::kit::parse_config<Bbkb>("q_bar = 1e300\nbandwidth = 0.05\ndesign_from_host = true",
                                       "algorithm"),
         1, logged.handle());
  a.tell(X, Eigen::VectorXd::Zero(X.rows()),
         std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
  a.ask(1);  // the design's batch ends: the dictionary is drawn and the rule checked
  for (const std::string& w : logged.warnings)
    EXPECT_EQ(w.find("dictionary holds"), std::string::npos) << w;
}

}  // namespace
