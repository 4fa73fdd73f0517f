// RunOptions::caller_evaluator: the caller's evaluation in place of the [objective] plugin's,
// as bopp.run(objective=callable) uses it.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

Experiment experiment(const std::string& evaluator, const std::string& folder_name) {
  Experiment e = Experiment::parse(
      "[run]\nbudget = 6\nbatch = 2\nseed = 4\n[objective]\nname = 'sphere'\ndim = 2\n"
      "[algorithm]\nname = 'random'\n[evaluator]\nkind = '" +
          evaluator + "'\n",
      "exp.toml");
  e.output = (test::fresh_folder(folder_name) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

// Every point's first coordinate, failing the points whose second one is negative.
class FirstCoordinate final : public Evaluator {
 public:
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t>,
                std::span<Evaluation> out) override {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      Evaluation& e = out[static_cast<std::size_t>(r)];
      e.ok = X(r, 1) >= 0.0;
      e.y = e.ok ? X(r, 0) : std::nan("");
      e.message = e.ok ? "" : "negative";
      ++calls;
    }
  }
  std::string describe() const override { return "serial"; }
  int calls = 0;
};

RunOptions with(FirstCoordinate& evaluator) {
  RunOptions o;
  o.progress = false;
  o.log = nullptr;
  o.caller_evaluator = &evaluator;
  o.caller_objective_name = "python:first";
  return o;
}

TEST(CallerEvaluator, EvaluatesThePluginsProblemAndTheRecordNamesIt) {
  FirstCoordinate evaluator;
  const RunResult r = run_experiment(experiment("serial", "caller"), registry(), with(evaluator));
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(evaluator.calls, 6);
  EXPECT_GT(r.failed_evaluations, 0u);
  EXPECT_LT(r.failed_evaluations, 6u);
  for (const RecordedEvaluation& line : read_evaluations(r.record / "evaluations.jsonl")) {
    EXPECT_EQ(line.ok, line.x[1] >= 0.0);
    EXPECT_EQ(line.message, line.ok ? "" : "negative");
    if (line.ok) {
      EXPECT_EQ(line.y, line.x[0]);
    }
    EXPECT_LE(line.x[0], 5.12);  // sphere's bounds
    EXPECT_GE(line.x[0], -5.12);
  }
  std::ifstream in(r.record / "run.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["objective"], nlohmann::json({{"name", "python:first"}}));
  EXPECT_EQ(j["problem"]["name"], "sphere");
  EXPECT_EQ(j["evaluator"], "serial");
}

TEST(CallerEvaluator, OnlyTheSerialKindMayRunIt) {
  FirstCoordinate evaluator;
  const Experiment e = experiment("threads", "caller_threads");
  try {
    run_experiment(e, registry(), with(evaluator));
    FAIL() << "a threads run of a caller's objective started";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(),
                 "[evaluator] kind 'threads' cannot evaluate python:first: a caller's objective "
                 "runs only 'serial'");
  }
  EXPECT_FALSE(std::filesystem::exists(e.output));
  EXPECT_EQ(evaluator.calls, 0);
}

TEST(CallerEvaluator, TheKindsTheCallerNamesMayRunIt) {
  // bopp.run names "serial" and "threads": its evaluator does either. Another kind is refused.
  FirstCoordinate evaluator;
  RunOptions options = with(evaluator);
  options.caller_evaluator_kinds = {"serial", "threads"};
  const RunResult r =
      run_experiment(experiment("threads", "caller_kinds_threads"), registry(), options);
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(evaluator.calls, 6);
  try {
    run_experiment(experiment("processes", "caller_kinds_processes"), registry(), options);
    FAIL() << "a processes run of a caller's objective started";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(),
                 "[evaluator] kind 'processes' cannot evaluate python:first: a caller's "
                 "objective runs only 'serial' or 'threads'");
  }
  EXPECT_EQ(evaluator.calls, 6);
}

}  // namespace
}  // namespace bopp::host
