// What every evaluator does with an objective that breaks the contract: a write past the end
// of y and status fails the call, with one line naming the plugin and the buffers, and NaN
// with status OK is recorded failed with one warning in the run.
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("overflowing"),
                                 test::test_plugin_dir("misbehaving")});
  return r;
}

Experiment experiment(const std::string& objective, const std::string& evaluator,
                      const std::string& folder) {
  const std::string text = "[run]\nbudget = 6\nbatch = 3\nseed = 2\n[objective]\nname = '" +
                           objective + "'\n[algorithm]\nname = 'random'\n[evaluator]\n" +
                           evaluator + "\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

// The warnings of a run, as the terminal gets them.
struct Warnings {
  std::vector<std::string> lines;
  RunOptions options() {
    RunOptions o = test::quiet_run_options();
    o.log = [this](std::int32_t level, const std::string&, const std::string& message) {
      if (level == BOPP_LOG_WARNING) lines.push_back(message);
    };
    return o;
  }
};

TEST(PluginGuards, EveryEvaluatorFailsAWritePastYAndStatus) {
  for (const char* evaluator :
       {"kind = 'serial'", "kind = 'threads'\nworkers = 2", "kind = 'processes'\nworkers = 2"}) {
    SCOPED_TRACE(evaluator);
    Warnings warnings;
    const RunResult r = run_experiment(experiment("overflowing_objective", evaluator, "overflow"),
                                       registry(), warnings.options());
    EXPECT_EQ(r.status, RunStatus::completed) << r.message;
    EXPECT_EQ(r.failed_evaluations, 6u);
    for (const auto& line : read_evaluations(r.record / "evaluations.jsonl")) {
      EXPECT_FALSE(line.ok);
      EXPECT_EQ(line.message.rfind("plugin misbehaving: objective 'overflowing_objective' "
                                   "(libbopp-overflowing.so) wrote past the end of y and status, "
                                   "evaluating ",
                                   0),
                0u)
          << line.message;
      EXPECT_EQ(line.message.find('\n'), std::string::npos);
    }
    ASSERT_EQ(warnings.lines.size(), 1u);
    EXPECT_NE(warnings.lines[0].find("objective 'overflowing_objective' misbehaves"),
              std::string::npos)
        << warnings.lines[0];
  }
}

TEST(PluginGuards, NanWithStatusOkWarnsOncePerRun) {
  Warnings warnings;
  const std::string text =
      "[run]\nbudget = 40\nbatch = 4\nseed = 3\n[objective]\nname = 'nan_objective'\n"
      "[algorithm]\nname = 'random'\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder("nan-warning") / "record").string();
  e.resolve_plugins(registry());
  const RunResult r = run_experiment(e, registry(), warnings.options());
  ASSERT_GT(r.failed_evaluations, 1u);
  ASSERT_EQ(warnings.lines.size(), 1u);
  EXPECT_NE(warnings.lines[0].find("objective 'nan_objective' misbehaves: the objective returned"),
            std::string::npos)
      << warnings.lines[0];
  // A failure declared with status BOPP_EVAL_FAILED is no misbehaviour.
  Warnings none;
  Experiment declared = Experiment::parse(
      "[run]\nbudget = 40\nbatch = 4\nseed = 3\n[objective]\nname = 'throwing_objective'\n"
      "[algorithm]\nname = 'random'\n",
      "exp.toml");
  declared.output = (test::fresh_folder("declared") / "record").string();
  declared.resolve_plugins(registry());
  const RunResult d = run_experiment(declared, registry(), none.options());
  ASSERT_GT(d.failed_evaluations, 1u);
  EXPECT_TRUE(none.lines.empty()) << none.lines.front();
}

}  // namespace
}  // namespace bopp::host
