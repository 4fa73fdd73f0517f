// Whole gssbo and rssbo runs on Hartmann-6 (n_init = 20, M = 50), the objective evaluated through
// the synthetic module's C table: the subset invariants in every iteration of 100 evaluations,
// the switch at n = 51, same-seed runs that ask the same points, and a timed run of 150
// evaluations replayed exactly with switch_at.
#include "hartmann6_runs.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace {

using bopp::gssbo::Gssbo;
using bopp::gssbo::Rssbo;
using gssbo_test::config;
using gssbo_test::hartmann6_problem;
using gssbo_test::negative_hartmann6;
using gssbo_test::run;
using gssbo_test::valid_subset;

constexpr Eigen::Index budget = 100;        // 50 iterations past the switch
constexpr Eigen::Index timed_budget = 150;  // room for the timed rule to switch
// A light acquisition search and one fit start: what is checked is the subset, not the regret.
const std::string light = "raw_samples = 64\noptimizer_restarts = 2\nfit_restarts = 1\n";
const std::string fixed = light + "n_init = 20\nbuffer_size = 50\n";

template <class Algorithm>
void expect_valid_run_switching_at_51(std::uint64_t seed) {
  gssbo_test::LogKeepingHost host;
  Algorithm algorithm(hartmann6_problem(), config<Algorithm>(fixed), seed, host.host());
  Eigen::Index selections = 0;
  const Eigen::MatrixXd asked =
      run<Algorithm>(algorithm, negative_hartmann6, 6, budget, [&selections](const Algorithm& a) {
        EXPECT_TRUE(valid_subset(a));
        selections += a.observations().rows() > 50;
      });
  EXPECT_EQ(selections, budget - 50);
  const std::vector<std::string> info = host.at_level(BOPP_LOG_INFO);
  ASSERT_EQ(info.size(), 1u);
  EXPECT_NE(info[0].find("buffer switched at n = 51"), std::string::npos) << info[0];

  Algorithm again(hartmann6_problem(), config<Algorithm>(fixed), seed, bopp::Host());
  EXPECT_EQ(run<Algorithm>(again, negative_hartmann6, 6, budget), asked);
}

TEST(GssboHartmann6, GssboRunKeepsValidSubsetsAndReplays) {
  expect_valid_run_switching_at_51<Gssbo>(1);
}

TEST(GssboHartmann6, RssboRunKeepsValidSubsetsAndReplays) {
  expect_valid_run_switching_at_51<Rssbo>(2);
}

// A timed run (real clock, Z = 2 so that the growing full GP switches within the budget) asks
// exactly what a run with switch_at at its logged switch asks.
TEST(GssboHartmann6, TimedRunIsReplayedBySwitchAt) {
  gssbo_test::LogKeepingHost host;
  const std::string timed = light + "n_init = 20\nbuffer_mode = \"timed\"\ntime_factor = 2\n";
  Gssbo gssbo(hartmann6_problem(), config<Gssbo>(timed), 3, host.host());
  const Eigen::MatrixXd asked = run<Gssbo>(gssbo, negative_hartmann6, 6, timed_budget);
  const std::vector<std::string> info = host.at_level(BOPP_LOG_INFO);
  ASSERT_EQ(info.size(), 1u) << "no switch within the budget";
  std::smatch match;
  ASSERT_TRUE(std::regex_search(info[0], match, std::regex("replay with switch_at = (\\d+)")))
      << info[0];
  const std::string switch_at = match[1].str();
  RecordProperty("switch_at", switch_at);
  EXPECT_EQ(std::to_string(gssbo.schedule().capacity()), switch_at);

  Gssbo replay(hartmann6_problem(), config<Gssbo>(timed + "switch_at = " + switch_at + "\n"), 3,
               bopp::Host());
  EXPECT_EQ(run<Gssbo>(replay, negative_hartmann6, 6, timed_budget), asked);
  EXPECT_EQ(replay.subset(), gssbo.subset());
}

}  // namespace
