// Per-plugin tables ([objective.branin], [algorithm.gpbo]): one experiment file serves a swap
// of plugins, each getting its own keys, and a typo in the table of a plugin not chosen is
// still found.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <string>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

const std::string kSwap = R"([run]
budget = 10

[objective]
name = "levy"
dim = 4

[objective.levy]
noise_std = 0.25

[objective.gpsample]
kind = "grid"

[algorithm]
name = "random"

[algorithm.gpbo]
acquisition = "ucb"
)";

Experiment resolved(const std::string& text, const std::vector<std::string>& sets = {}) {
  Experiment e = Experiment::parse(text, "swap.toml", sets);
  e.resolve_plugins(registry());
  return e;
}

std::string resolve_error(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    resolved(text, sets);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(PerPluginTables, TheChosenPluginGetsItsTableAndTheOthersAreLeftOut) {
  const Experiment e = resolved(kSwap);
  EXPECT_EQ(e.objective.config["noise_std"].value<double>(), 0.25);
  EXPECT_EQ(e.objective.config["dim"].value<std::int64_t>(), 4);
  EXPECT_FALSE(e.objective.config.contains("kind"));
  EXPECT_FALSE(e.algorithm.config.contains("acquisition"));
  EXPECT_TRUE(e.objective.per_plugin.empty());
  // The record's experiment.toml holds what ran: no per-plugin tables left.
  EXPECT_FALSE(e.to_toml()["objective"]["levy"]);

  // The same file, swapped with --set: the other tables apply now.
  const Experiment swapped = resolved(kSwap, {"algorithm.name=gpbo"});
  EXPECT_EQ(swapped.algorithm.config["acquisition"].value<std::string>(), "ucb");
}

TEST(PerPluginTables, ThePluginsOwnTableWinsOverTheSectionsKeys) {
  const Experiment e = resolved(kSwap, {"objective.levy.dim=6"});
  EXPECT_EQ(e.objective.config["dim"].value<std::int64_t>(), 6);
}

TEST(PerPluginTables, ATypoInATableOfAPluginNotChosenIsStillAnError) {
  const std::string text = kSwap + "lenghtscale = 0.3\n";  // in [algorithm.gpbo]
  const std::string message = resolve_error(text);
  EXPECT_NE(message.find("swap.toml:19:"), std::string::npos) << message;
  EXPECT_NE(message.find("[algorithm.gpbo]"), std::string::npos) << message;
  EXPECT_NE(message.find("'lenghtscale'"), std::string::npos) << message;
}

TEST(PerPluginTables, ATableForNoInstalledPluginNamesItAndSuggests) {
  const std::string message = resolve_error(kSwap + "[objective.brannin]\ndim = 2\n");
  EXPECT_NE(message.find("[objective.brannin] is a per-plugin table for"), std::string::npos)
      << message;
  EXPECT_NE(message.find("did you mean 'branin'"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

}  // namespace
}  // namespace bopp::host
