// The keys of a global GP-BO loop: one declaration whose defaults a plugin may change, read
// back into the fit's and the acquisition search's options.
#include <bopp/bo/global_bo_settings.hpp>
#include <bopp/config_schema.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace bopp::bo;

bopp::Config parse(const std::vector<bopp::Param>& params, const std::string& text) {
  const bopp::ParamTable table(params);
  return bopp::Config::parse(text, {table.data(), table.size()}, "algorithm 'test'");
}

TEST(GlobalBoSettings, DeclaresTheThirteenKeysWithTheGivenDefaults) {
  const std::vector<bopp::Param> params =
      global_bo_params({.raw_samples = 64, .optimizer_restarts = 8, .priors = false});
  const GlobalBoSettings s = read_global_bo_settings(parse(params, ""));
  EXPECT_EQ(s.raw_samples, 64);
  EXPECT_EQ(s.optimizer_restarts, 8);
  EXPECT_EQ(s.fit_restarts, 2);
  EXPECT_TRUE(s.learn_noise);
  EXPECT_EQ(s.noise_variance, 1e-6);
  EXPECT_FALSE(s.priors);
  EXPECT_EQ(s.fit_restart.rule, FitRestartRule::every_fit);
  EXPECT_EQ(s.fit_restart.first, 3);
  EXPECT_FALSE(s.optimizer_batch_starts);
  EXPECT_TRUE(s.optimizer_lockstep);
  EXPECT_EQ(params.size(), 13u);
  const GlobalBoSettings adaptive = read_global_bo_settings(
      parse(global_bo_params({.fit_restart = {.rule = FitRestartRule::adaptive}}), ""));
  EXPECT_EQ(adaptive.fit_restart.rule, FitRestartRule::adaptive);
}

TEST(GlobalBoSettings, ADefaultChangesNeitherTheHelpNorTheRange) {
  const std::vector<bopp::Param> a = global_bo_params({});
  const std::vector<bopp::Param> b = global_bo_params({.optimizer_restarts = 3, .priors = false});
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].help, b[i].help);
    EXPECT_EQ(a[i].minimum, b[i].minimum);
    EXPECT_EQ(a[i].maximum, b[i].maximum);
  }
}

TEST(GlobalBoSettings, MakesTheFitAndSearchOptions) {
  const GlobalBoSettings s = read_global_bo_settings(
      parse(global_bo_params({}),
            "raw_samples = 100\noptimizer_restarts = 4\noptimizer_batch_starts = true\n"
            "fit_restarts = 0\nlearn_noise = false\n"
            "priors = true\nfit_restart_schedule = \"scheduled\"\nfit_restart_first = 1\n"
            "fit_restart_every = 5\nfit_restart_move = 0.3\nfit_restart_gain = 2\n"));
  const FitOptions fit = s.fit_options();
  EXPECT_EQ(fit.random_restarts, 0);
  EXPECT_FALSE(fit.learn_noise);
  EXPECT_TRUE(fit.priors.lengthscale.has_value());
  EXPECT_FALSE(GlobalBoSettings{.priors = false}.fit_options().priors.lengthscale.has_value());
  EXPECT_EQ(s.fit_restart.rule, FitRestartRule::scheduled);
  EXPECT_EQ(s.fit_restart.first, 1);
  EXPECT_EQ(s.fit_restart.every, 5);
  EXPECT_EQ(s.fit_restart.move, 0.3);
  EXPECT_EQ(s.fit_restart.gain, 2.0);
  const AcquisitionOptimizerOptions search = s.optimizer_options();
  EXPECT_EQ(search.raw_samples, 100);
  EXPECT_EQ(search.restarts, 4);
  EXPECT_TRUE(search.batch_starts);
  EXPECT_FALSE(search.lockstep_starts);
  const GlobalBoSettings lockstep =
      read_global_bo_settings(parse(global_bo_params({}), "optimizer_lockstep = true\n"));
  EXPECT_TRUE(lockstep.optimizer_options().lockstep_starts);
  EXPECT_FALSE(lockstep.optimizer_options().batch_starts);
  const GlobalBoSettings one_after_another =
      read_global_bo_settings(parse(global_bo_params({}), "optimizer_lockstep = false\n"));
  EXPECT_FALSE(one_after_another.optimizer_options().lockstep_starts);
  EXPECT_FALSE(one_after_another.optimizer_options().batch_starts);
}

TEST(GlobalBoSettings, StackedStartsTurnTheDefaultLockstepOff) {
  const GlobalBoSettings s =
      read_global_bo_settings(parse(global_bo_params({}), "optimizer_batch_starts = true\n"));
  EXPECT_TRUE(s.optimizer_options().batch_starts);
  EXPECT_FALSE(s.optimizer_options().lockstep_starts);
}

TEST(GlobalBoSettings, StackedStartsWinOverLockstepSetToo) {
  // A resolved experiment file spells out optimizer_lockstep = true beside the stacked starts.
  const GlobalBoSettings s = read_global_bo_settings(
      parse(global_bo_params({}), "optimizer_batch_starts = true\noptimizer_lockstep = true\n"));
  EXPECT_TRUE(s.optimizer_options().batch_starts);
  EXPECT_FALSE(s.optimizer_options().lockstep_starts);
}

TEST(GlobalBoSettings, RejectsValuesOutOfRange) {
  EXPECT_ANY_THROW(parse(global_bo_params({}), "raw_samples = 0\n"));
  EXPECT_ANY_THROW(parse(global_bo_params({}), "fit_restarts = -1\n"));
  EXPECT_ANY_THROW(parse(global_bo_params({}), "fit_restart_schedule = \"sometimes\"\n"));
  EXPECT_ANY_THROW(parse(global_bo_params({}), "fit_restart_every = 0\n"));
  EXPECT_ANY_THROW(parse(global_bo_params({}), "noise_variance = -1.0\n"));
}

}  // namespace
