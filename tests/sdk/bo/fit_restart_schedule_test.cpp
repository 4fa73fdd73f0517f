// Which fits of a global BO loop restart the hyperparameter search: the rules by name and
// their decisions over a sequence of fits.
#include <bopp/bo/fit_restart_schedule.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace bopp::bo;

// The decisions of `schedule` over `fits` fits whose warm starts neither fail nor move and
// whose restarts gain nothing.
std::vector<bool> quiet_decisions(FitRestartSchedule schedule, int fits) {
  std::vector<bool> out;
  for (int i = 0; i < fits; ++i) {
    const bool restart = schedule.restarts_after(false, 0.0);
    schedule.record(restart, 0.0);
    out.push_back(restart);
  }
  return out;
}

TEST(FitRestartSchedule, NamesRoundTripAndUnknownNamesThrow) {
  for (const char* name : {"every_fit", "botorch", "never", "scheduled", "adaptive"})
    EXPECT_EQ(fit_restart_rule_name(fit_restart_rule_from_name(name)), name);
  EXPECT_THROW(fit_restart_rule_from_name("sometimes"), std::invalid_argument);
}

TEST(FitRestartSchedule, EveryFitRunsTheRestartsBesideTheWarmStart) {
  const FitRestartSchedule s({.rule = FitRestartRule::every_fit});
  EXPECT_TRUE(s.restarts_with_warm_start());
  EXPECT_FALSE(FitRestartSchedule({.rule = FitRestartRule::adaptive}).restarts_with_warm_start());
}

TEST(FitRestartSchedule, NeverRestartsAndBotorchOnlyAfterAFailure) {
  const FitRestartSchedule never({.rule = FitRestartRule::never});
  EXPECT_FALSE(never.restarts_after(true, 10.0));
  const FitRestartSchedule botorch({.rule = FitRestartRule::botorch});
  EXPECT_FALSE(botorch.restarts_after(false, 10.0));
  EXPECT_TRUE(botorch.restarts_after(true, 0.0));
}

TEST(FitRestartSchedule, ScheduledRestartsTheFirstFitsAndEveryKth) {
  const std::vector<bool> d = quiet_decisions(
      FitRestartSchedule({.rule = FitRestartRule::scheduled, .first = 2, .every = 4}), 10);
  EXPECT_EQ(d,
            (std::vector<bool>{true, true, false, false, true, false, false, false, true, false}));
  FitRestartSchedule s({.rule = FitRestartRule::scheduled, .first = 0, .every = 100});
  s.record(true, 0.0);
  EXPECT_FALSE(s.restarts_after(false, 0.0));
  EXPECT_TRUE(s.restarts_after(true, 0.0));
}

TEST(FitRestartSchedule, AdaptiveBacksOffWhileRestartsDoNotHelp) {
  // After the first fit, restarts every 2nd fit, then every 4th (capped at every = 4).
  const std::vector<bool> d = quiet_decisions(
      FitRestartSchedule({.rule = FitRestartRule::adaptive, .first = 1, .every = 4}), 16);
  EXPECT_EQ(d, (std::vector<bool>{true, false, true, false, false, false, true, false, false, false,
                                  true, false, false, false, true, false}));
}

TEST(FitRestartSchedule, AdaptiveRestartsWhenTheOptimumMovesOrARestartHelped) {
  FitRestartSchedule s(
      {.rule = FitRestartRule::adaptive, .first = 0, .every = 8, .move = 0.1, .gain = 0.5});
  s.record(true, 0.0);  // did not help: the next fit may skip
  EXPECT_FALSE(s.restarts_after(false, 0.05));
  EXPECT_TRUE(s.restarts_after(false, 0.2));
  EXPECT_TRUE(s.restarts_after(true, 0.0));
  s.record(true, 1.0);  // helped: the next fit restarts too
  EXPECT_TRUE(s.restarts_after(false, 0.0));
  EXPECT_EQ(s.fits(), 2);
}

}  // namespace
