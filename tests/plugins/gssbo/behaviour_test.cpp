// The behaviour of the gssbo and rssbo algorithms (docs/gssbo.md):
// subsets, the equivalences before the first selection, determinism, the timed switch under an
// injected clock, failed points and configuration errors. Small runs (d = 2), fast under
// sanitizers.
#include "support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using bopp::gssbo::Gssbo;
using bopp::gssbo::Rssbo;
using bopp::gssbo::TimedClock;
using gssbo_test::config;
using gssbo_test::run;
using gssbo_test::valid_subset;

constexpr Eigen::Index dim = 2;
constexpr Eigen::Index budget = 22;
// Cheap settings: a small design, buffer and acquisition search.
const std::string cheap =
    "n_init = 5\nraw_samples = 64\noptimizer_restarts = 2\nfit_restarts = 0\n";

double f(const Eigen::VectorXd& x) {
  return -(x[0] - 0.3) * (x[0] - 0.3) - (x[1] - 0.7) * (x[1] - 0.7) + 0.1 * std::sin(5 * x[0]);
}

bopp::Problem problem() {
  bopp::Problem p = bopp::Problem::box(dim, 0, 1);
  p.sense = bopp::Sense::maximize;
  return p;
}

template <class Algorithm>
Algorithm make(const std::string& settings, std::uint64_t seed, const bopp::Host& host = {}) {
  return Algorithm(problem(), config<Algorithm>(cheap + settings), seed, host);
}

// For both algorithms and both gradient sources: every subset is valid, and past M it has
// exactly M rows.
TEST(GssboSubsets, HoldTheForcedRowsAndMRowsInEveryIteration) {
  for (const std::string source : {"exact", "pilot"}) {
    Gssbo gssbo = make<Gssbo>("buffer_size = 8\ngradient_source = \"" + source + "\"", 1);
    run<Gssbo>(gssbo, f, dim, budget, [](const Gssbo& a) { EXPECT_TRUE(valid_subset(a)); });
    EXPECT_EQ(gssbo.subset().size(), 8u);
    EXPECT_EQ(gssbo.gradients().size(), budget);
  }
  Rssbo rssbo = make<Rssbo>("buffer_size = 8", 1);
  run<Rssbo>(rssbo, f, dim, budget, [](const Rssbo& a) { EXPECT_TRUE(valid_subset(a)); });
  EXPECT_EQ(rssbo.subset().size(), 8u);
}

// Before the switch the subset is all of D, and the GP is the full GP, bit for bit.
TEST(GssboSubsets, SubsetGpIsTheFullGpBeforeTheSwitch) {
  Gssbo gssbo = make<Gssbo>("buffer_size = 30", 2);
  run<Gssbo>(gssbo, f, dim, 12);
  ASSERT_FALSE(gssbo.switched());
  const bopp::bo::GaussianProcess& model = *gssbo.model();
  bopp::bo::GaussianProcess full(model.kernel(), model.lower(), model.upper());
  full.set_hyperparameters(model.hyperparameters());
  full.condition(gssbo.observations(), gssbo.values());
  const Eigen::MatrixXd X = (Eigen::MatrixXd::Random(50, dim).array() + 1) / 2;
  const bopp::bo::Posterior a = model.predict(X), b = full.predict(X);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.variance, b.variance);
}

// A buffer larger than the budget is full GP-UCB: the same asks as buffer_mode = "none".
TEST(GssboEquivalence, LargeBufferAsksWhatFullGpUcbAsks) {
  Gssbo large = make<Gssbo>("buffer_size = 100", 3);
  Gssbo none = make<Gssbo>("buffer_mode = \"none\"", 3);
  EXPECT_EQ(run<Gssbo>(large, f, dim, budget), run<Gssbo>(none, f, dim, budget));
  EXPECT_FALSE(none.switched());
}

// The defaults follow Algorithm 1 and the paper's Figure 7: gradients over all data, the
// largest |g| first within a sign group, the exact GP on the subset.
TEST(GssboDefaults, ExactGradientsLargestFirstSubsetModel) {
  const bopp::gssbo::Settings s = make<Gssbo>("", 1).settings();
  EXPECT_EQ(s.gradient_source, bopp::gssbo::GradientSource::exact);
  EXPECT_EQ(s.tie_break, bopp::gssbo::TieBreak::largest);
  EXPECT_EQ(s.model_kind, bopp::gssbo::ModelKind::subset);
}

// model = "inducing" reads the Nyström GP on all of D once U ≠ D: before that it asks what the
// subset model asks (U = D, the same exact GP), and afterwards its posterior is the Nyström
// GP's with U inducing and the subset GP's θ, on every observation.
TEST(GssboInducing, AsksWhatTheSubsetModelAsksUntilTheSwitchThenUsesAllData) {
  for (const std::string rule : {"gssbo", "rssbo"}) {
    SCOPED_TRACE(rule);
    Eigen::MatrixXd a, b;
    std::optional<bopp::bo::NystromGp> expected;
    bool had_inducing_before_switch = false;
    const auto check = [&](const bopp::gssbo::SubsetBo& alg) {
      const Eigen::Index n = alg.observations().rows();
      if (n <= 8) {
        had_inducing_before_switch |= alg.inducing_model().has_value();
        return;
      }
      ASSERT_TRUE(alg.inducing_model().has_value()) << "n = " << n;
      EXPECT_EQ(alg.inducing_model()->size(), n);
      expected.emplace(*alg.model(), alg.observations(), alg.values(),
                       alg.observations()(alg.subset(), Eigen::all));
    };
    if (rule == "gssbo") {
      Gssbo inducing = make<Gssbo>("buffer_size = 8\nmodel = \"inducing\"", 4);
      Gssbo subset = make<Gssbo>("buffer_size = 8", 4);
      a = run<Gssbo>(inducing, f, dim, budget, check);
      b = run<Gssbo>(subset, f, dim, budget);
      const Eigen::MatrixXd T = (Eigen::MatrixXd::Random(20, dim).array() + 1) / 2;
      EXPECT_EQ(inducing.inducing_model()->predict(T).mean, expected->predict(T).mean);
      EXPECT_NE(inducing.inducing_model()->predict(T).mean, inducing.model()->predict(T).mean);
    } else {
      Rssbo inducing = make<Rssbo>("buffer_size = 8\nmodel = \"inducing\"", 4);
      Rssbo subset = make<Rssbo>("buffer_size = 8", 4);
      a = run<Rssbo>(inducing, f, dim, budget, check);
      b = run<Rssbo>(subset, f, dim, budget);
    }
    EXPECT_FALSE(had_inducing_before_switch);
    EXPECT_EQ(a.topRows(9), b.topRows(9));
    EXPECT_NE(a, b);
  }
}

// Gssbo and rssbo ask the same points until the first selection: the (M + 1)-th point is
// still chosen on all M observations.
TEST(GssboEquivalence, GssboAndRssboAskTheSamePointsBeforeTheSwitch) {
  Gssbo gssbo = make<Gssbo>("buffer_size = 8", 4);
  Rssbo rssbo = make<Rssbo>("buffer_size = 8", 4);
  const Eigen::MatrixXd a = run<Gssbo>(gssbo, f, dim, budget);
  const Eigen::MatrixXd b = run<Rssbo>(rssbo, f, dim, budget);
  EXPECT_EQ(a.topRows(9), b.topRows(9));
  EXPECT_NE(gssbo.subset(), rssbo.subset());
}

// The perturbation is drawn from the seed: the same seed gives the same subsets, another
// seed other subsets.
TEST(GssboDeterminism, SameSeedSameSubsetsOtherSeedOtherSubsets) {
  const auto subsets = [](std::uint64_t seed) {
    Gssbo gssbo = make<Gssbo>("buffer_size = 8\nperturbation_var = 0.01", seed);
    std::vector<std::vector<Eigen::Index>> out;
    run<Gssbo>(gssbo, f, dim, budget, [&out](const Gssbo& a) { out.push_back(a.subset()); });
    return out;
  };
  EXPECT_EQ(subsets(5), subsets(5));
  EXPECT_NE(subsets(5), subsets(6));
}

// The buffer switch is logged once at info level, naming |D|.
TEST(GssboBufferSwitch, FixedBufferSwitchIsLoggedOnceAtMPlusOne) {
  gssbo_test::LogKeepingHost host;
  Gssbo gssbo = make<Gssbo>("buffer_size = 8", 7, host.host());
  run<Gssbo>(gssbo, f, dim, budget);
  const std::vector<std::string> info = host.at_level(BOPP_LOG_INFO);
  ASSERT_EQ(info.size(), 1u);
  EXPECT_NE(info[0].find("buffer switched at n = 9"), std::string::npos) << info[0];
  EXPECT_FALSE(host.at_level(BOPP_LOG_DEBUG).empty());
}

// With an injected clock the timed switch comes at the first iteration slower than
// Z × T̄ (the mean of the first timing_window), M = |D| there, |U| = M afterwards, and the
// first selection that drops a row comes one tell later.
TEST(GssboBufferSwitch, TimedSwitchFollowsTheInjectedClock) {
  auto now = std::make_shared<double>(0.0);
  auto step = std::make_shared<double>(0.001);
  // Every reading advances the clock by one step: a tell and an ask read it twice each, so an
  // iteration lasts two steps.
  const auto clock = [now, step] { return *now += *step; };
  gssbo_test::LogKeepingHost host;
  Gssbo gssbo(problem(), config<Gssbo>(cheap + "buffer_mode = \"timed\"\ntime_factor = 4"), 8,
              host.host(), clock);
  // Iterations start with a tell and last two readings' steps. The window (|D| = 5 … 9) takes
  // 2, 6, 2, 2, 2 ms: T̄ = 2.8 ms, and its slow member does not switch. The iteration that
  // starts at |D| = 13 takes 20 ms > 4 T̄; the switch is seen at the next tell, |D| = 14.
  std::vector<std::pair<Eigen::Index, Eigen::Index>> sizes;  // (|D|, |U|) after each tell
  run<Gssbo>(
      gssbo, f, dim, budget,
      [&sizes](const Gssbo& a) {
        sizes.emplace_back(a.observations().rows(), static_cast<Eigen::Index>(a.subset().size()));
      },
      [step](Eigen::Index used) { *step = used == 13  ? 0.010
                                          : used == 6 ? 0.003
                                                      : 0.001; });
  EXPECT_TRUE(gssbo.switched());
  EXPECT_EQ(gssbo.schedule().capacity(), 14);
  EXPECT_NEAR(gssbo.schedule().mean_early_time(), 0.0028, 1e-12);
  for (const auto& [n, u] : sizes) EXPECT_EQ(u, n <= 14 ? n : 14) << "n = " << n;
  const std::vector<std::string> info = host.at_level(BOPP_LOG_INFO);
  ASSERT_EQ(info.size(), 1u);
  EXPECT_NE(info[0].find("buffer switched at n = 14"), std::string::npos) << info[0];
  EXPECT_NE(info[0].find("replay with switch_at = 14"), std::string::npos) << info[0];
}

// timed_clock = "cpu" times the iterations on the asking thread's CPU clock: a positive time,
// never more than the wall time they took (one thread), whatever else the machine runs.
TEST(GssboBufferSwitch, TheCpuClockTimesTheIterationsOnTheAskingThread) {
  gssbo_test::LogKeepingHost host;
  Gssbo gssbo(problem(), config<Gssbo>(cheap + "buffer_mode = \"timed\"\ntimed_clock = \"cpu\"\n"),
              8, host.host());
  EXPECT_EQ(gssbo.settings().timed_clock, TimedClock::cpu);
  const auto start = std::chrono::steady_clock::now();
  run<Gssbo>(gssbo, f, dim, 12);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double early = gssbo.schedule().mean_early_time();
  EXPECT_GT(early, 0.0);
  EXPECT_LE(early * gssbo.settings().timing_window, wall);
}

// Switch_at replays the timed switch without the clock.
TEST(GssboBufferSwitch, SwitchAtForcesTheSwitchAtThatSize) {
  Gssbo gssbo = make<Gssbo>("buffer_mode = \"timed\"\nswitch_at = 10", 9);
  std::vector<Eigen::Index> sizes;
  run<Gssbo>(gssbo, f, dim, budget, [&sizes](const Gssbo& a) {
    sizes.push_back(static_cast<Eigen::Index>(a.subset().size()));
  });
  EXPECT_EQ(gssbo.schedule().capacity(), 10);
  EXPECT_EQ(sizes.back(), 10);
}

TEST(GssboObservations, FailedEvaluationsAreSkipped) {
  Gssbo gssbo = make<Gssbo>("", 10);
  const bopp::Points X = gssbo.ask(5);
  ASSERT_EQ(X.rows(), 5);
  Eigen::VectorXd y(5);
  for (Eigen::Index i = 0; i < 5; ++i) y[i] = f(X.row(i).transpose());
  y[3] = std::nan("");
  gssbo.tell(X, y, std::vector<std::int32_t>{BOPP_OK, BOPP_EVAL_FAILED, BOPP_OK, BOPP_OK, BOPP_OK});
  EXPECT_EQ(gssbo.observations().rows(), 3);
  EXPECT_EQ(gssbo.ask(3).rows(), 1);  // past the design: one point per ask
  EXPECT_EQ(gssbo.observations().row(1), X.row(2));
  Eigen::Index best = 0;
  gssbo.values().maxCoeff(&best);
  EXPECT_EQ(gssbo.recommend(), gssbo.observations().row(best).transpose());
}

TEST(GssboConfiguration, RejectsABufferWithoutAFreePlace) {
  try {
    make<Gssbo>("buffer_size = 6", 1);
    FAIL() << "buffer_size = 6 with n_init = 5 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("buffer_size"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make<Rssbo>("switch_at = 20", 1), std::invalid_argument);
  EXPECT_THROW(make<Gssbo>("time_factor = 1", 1), std::invalid_argument);
}

TEST(GssboConfiguration, HelpStatesTheSignBalanceDegeneracy) {
  bool stated = false;
  for (const bopp::Param& p : Gssbo::params()) stated |= p.help.find("sign") != std::string::npos;
  EXPECT_TRUE(stated);
}

}  // namespace
