// Experiment files: the host's own sections, overrides, and the one-line errors.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace bopp::host {
namespace {

const std::string kMinimal = R"([run]
seed = 7
budget = 50

[objective]
name = "branin"

[algorithm]
name = "random"
)";

// The message of the Error `parse` throws, or "" if it does not throw.
std::string parse_error(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    Experiment::parse(text, "exp.toml", overrides);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Experiment, ParsesAndFillsRunDefaults) {
  const Experiment e = Experiment::parse(kMinimal, "exp.toml");
  EXPECT_EQ(e.seed, 7u);
  EXPECT_EQ(e.budget, 50u);
  EXPECT_EQ(e.batch, 1u);
  EXPECT_EQ(e.objective.name, "branin");
  EXPECT_EQ(e.algorithm.name, "random");
  EXPECT_TRUE(e.objective.config.empty());
  EXPECT_EQ(e.evaluator, "serial");
}

TEST(Experiment, UnknownRunKeyNamesFileLineKeyAndAllowedKeys) {
  const std::string message =
      parse_error("[run]\nseed = 1\nbudgit = 5\n[objective]\nname='a'\n[algorithm]\nname='b'\n");
  EXPECT_NE(message.find("exp.toml:3:"), std::string::npos) << message;
  EXPECT_NE(message.find("'budgit'"), std::string::npos) << message;
  EXPECT_NE(message.find("allowed keys: seed, budget, batch, output"), std::string::npos)
      << message;
  EXPECT_NE(message.find("did you mean 'budget'"), std::string::npos) << message;
}

TEST(Experiment, WrongTypeIsAnError) {
  const std::string message =
      parse_error("[run]\nbudget = \"many\"\n[objective]\nname='a'\n[algorithm]\nname='b'\n");
  EXPECT_NE(message.find("exp.toml:2:"), std::string::npos) << message;
  EXPECT_NE(message.find("'budget'"), std::string::npos) << message;
  EXPECT_NE(message.find("must be integer"), std::string::npos) << message;
}

TEST(Experiment, OutOfRangeValueIsAnError) {
  const std::string message =
      parse_error("[run]\nbudget = 0\n[objective]\nname='a'\n[algorithm]\nname='b'\n");
  EXPECT_NE(message.find("'budget'"), std::string::npos) << message;
  EXPECT_NE(message.find(">= 1"), std::string::npos) << message;
}

TEST(Experiment, AsyncIsOffByDefaultAndRoundTripsThroughTheResolvedFile) {
  EXPECT_FALSE(Experiment::parse(kMinimal, "exp.toml").async);
  const Experiment e =
      Experiment::parse(kMinimal + "[evaluator]\nkind = 'threads'\nasync = true\n", "exp.toml");
  EXPECT_TRUE(e.async);
  std::ostringstream resolved;
  resolved << e.to_toml();
  EXPECT_TRUE(Experiment::parse(resolved.str(), "experiment.toml").async) << resolved.str();
  const std::string message = parse_error(kMinimal + "[evaluator]\nasync = 'yes'\n");
  EXPECT_NE(message.find("exp.toml:11:"), std::string::npos) << message;
  EXPECT_NE(message.find("'async'"), std::string::npos) << message;
  EXPECT_NE(message.find("must be bool, got string"), std::string::npos) << message;
}

TEST(Experiment, UnknownSectionSuggestsTheRightOne) {
  const std::string message = parse_error(kMinimal + "\n[algoritm]\nx = 1\n");
  EXPECT_NE(message.find("unknown section [algoritm]"), std::string::npos) << message;
  EXPECT_NE(message.find("did you mean 'algorithm'"), std::string::npos) << message;
}

TEST(Experiment, MissingPluginNameIsAnError) {
  const std::string message = parse_error("[objective]\ndim = 3\n[algorithm]\nname = 'random'\n");
  EXPECT_NE(message.find("[objective] missing required key 'name'"), std::string::npos) << message;
}

TEST(Experiment, MissingSectionIsAnError) {
  EXPECT_NE(parse_error("[objective]\nname = 'a'\n").find("missing section [algorithm]"),
            std::string::npos);
}

TEST(Experiment, SyntaxErrorNamesLineAndColumn) {
  const std::string message = parse_error("[run]\nseed = = 3\n");
  EXPECT_EQ(message.rfind("exp.toml:2:", 0), 0u) << message;
  EXPECT_NE(message.find("TOML syntax error"), std::string::npos) << message;
}

TEST(Experiment, OverridesReplaceAndAddKeys) {
  const Experiment e = Experiment::parse(
      kMinimal, "exp.toml",
      {"run.seed=11", "objective.name=hartmann6", "algorithm.design=sobol", "objective.dim=4"});
  EXPECT_EQ(e.seed, 11u);
  EXPECT_EQ(e.objective.name, "hartmann6");
  EXPECT_EQ(e.algorithm.config["design"].value<std::string>(), "sobol");
  EXPECT_EQ(e.objective.config["dim"].value<std::int64_t>(), 4);
}

TEST(Experiment, BadOverrideNamesTheOption) {
  const std::string message = parse_error(kMinimal, {"run.budgit=3"});
  EXPECT_NE(message.find("--set 'run.budgit=3'"), std::string::npos) << message;
  EXPECT_NE(parse_error(kMinimal, {"nosection=3"}).find("expected section.key=value"),
            std::string::npos);
  EXPECT_NE(parse_error(kMinimal, {"rn.seed=3"}).find("did you mean 'run'"), std::string::npos);
}

TEST(Experiment, UnsetRemovesAKeyBeforeTheOverridesApply) {
  const std::string text =
      "[run]\nseed = 7\n[objective]\nname = 'branin'\ndim = 3\n[objective.branin]\nnoise_std = "
      "0.1\n[algorithm]\nname = 'random'\n";
  const Experiment e = Experiment::parse(text, "exp.toml", {}, {"objective.dim"});
  EXPECT_FALSE(e.objective.config.contains("dim"));
  EXPECT_TRUE(e.objective.per_plugin.at("branin").contains("noise_std"));
  const Experiment f =
      Experiment::parse(text, "exp.toml", {"objective.dim=5"}, {"objective.dim", "run.seed"});
  EXPECT_EQ(f.objective.config["dim"].value<std::int64_t>(), 5);  // --set comes after --unset
  EXPECT_EQ(f.seed, 0u);                                          // the default again
  const Experiment g = Experiment::parse(text, "exp.toml", {}, {"objective.branin.noise_std"});
  EXPECT_TRUE(g.objective.per_plugin.at("branin").empty());
  try {
    Experiment::parse(text, "exp.toml", {}, {"objective.dimm"});
    FAIL() << "a key that is not there was unset silently";
  } catch (const Error& e) {
    EXPECT_NE(
        std::string(e.what()).find("--unset 'objective.dimm': the experiment has no such key"),
        std::string::npos)
        << e.what();
  }
}

TEST(Experiment, PerPluginTablesAreOnlyForPluginSections) {
  const Experiment e = Experiment::parse(kMinimal, "exp.toml", {"objective.branin.noise_std=0.5"});
  EXPECT_EQ(e.objective.per_plugin.at("branin")["noise_std"].value<double>(), 0.5);
  const std::string message = parse_error(kMinimal, {"run.x.y=1"});
  EXPECT_NE(message.find("--set 'run.x.y=1': expected section.key"), std::string::npos) << message;
  EXPECT_NE(message.find("[run] has none"), std::string::npos) << message;
}

TEST(Experiment, EvaluatorKindIsChecked) {
  const std::string message = parse_error(kMinimal + "[evaluator]\nkind = \"carrier-pigeon\"\n");
  EXPECT_NE(message.find("must be one of serial|threads"), std::string::npos) << message;
}

TEST(Experiment, ResolvedDocumentReparsesToTheSameExperiment) {
  Experiment e = Experiment::parse(kMinimal, "exp.toml", {"algorithm.design=\"sobol\""});
  e.output = "runs/x";
  std::ostringstream text;
  text << e.to_toml();
  const Experiment again = Experiment::parse(text.str(), "resolved.toml");
  EXPECT_EQ(again.seed, e.seed);
  EXPECT_EQ(again.budget, e.budget);
  EXPECT_EQ(again.output, "runs/x");
  EXPECT_EQ(again.algorithm.config_text(), e.algorithm.config_text());
}

}  // namespace
}  // namespace bopp::host
