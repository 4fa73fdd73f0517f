// The run loop: budget, batches, negation, rounding, failures, and the record it leaves.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <thread>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("c"),
                                 test::test_plugin_dir("misbehaving"),
                                 test::test_plugin_dir("misbehaving-raw")});
  return r;
}

RunOptions quiet() { return test::quiet_run_options(); }

// An experiment of `objective` and `algorithm` (TOML lines of their tables) into a fresh folder.
Experiment experiment(const std::string& objective, const std::string& algorithm,
                      const std::string& run = "budget = 20\nbatch = 4\nseed = 5",
                      const std::string& folder_name = "run") {
  const std::string text =
      "[run]\n" + run + "\n[objective]\n" + objective + "\n[algorithm]\n" + algorithm + "\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder_name) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

nlohmann::json run_json(const std::filesystem::path& record) {
  std::ifstream in(record / "run.json");
  return nlohmann::json::parse(in);
}

TEST(Run, CompletesAndWritesACompleteRecord) {
  const Experiment e = experiment("name = 'c_quadratic'\ndim = 3", "name = 'random'");
  const RunResult r = run_experiment(e, registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(r.evaluations, 20u);
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 20u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].index, i);
    EXPECT_EQ(lines[i].batch, i / 4);
    EXPECT_EQ(lines[i].x.size(), 3u);
  }
  const auto timings = read_batch_timings(r.record / "batches.jsonl");
  ASSERT_EQ(timings.size(), 5u);   // 20 evaluations in batches of 4
  double algorithm_seconds = 0.0;  // summed in the order the run summed them
  double algorithm_cpu_seconds = 0.0;
  for (std::size_t b = 0; b < timings.size(); ++b) {
    EXPECT_EQ(timings[b].batch, b);
    EXPECT_EQ(timings[b].points, 4u);
    EXPECT_GE(timings[b].tell_seconds, 0.0);
    EXPECT_GE(timings[b].ask_cpu_seconds, 0.0);  // measured: not NaN
    EXPECT_GE(timings[b].tell_cpu_seconds, 0.0);
    algorithm_seconds += timings[b].ask_seconds;
    algorithm_seconds += timings[b].tell_seconds;
    algorithm_cpu_seconds += timings[b].ask_cpu_seconds;
    algorithm_cpu_seconds += timings[b].tell_cpu_seconds;
  }
  const auto j = run_json(r.record);
  EXPECT_EQ(j["time"]["algorithm"].get<double>(), algorithm_seconds);
  EXPECT_EQ(j["time"]["algorithm_cpu"].get<double>(), algorithm_cpu_seconds);
  EXPECT_EQ(j["status"], "completed");
  EXPECT_EQ(j["evaluations"], 20);
  EXPECT_EQ(j["objective"]["name"], "c_quadratic");
  EXPECT_EQ(j["algorithm"]["library"], "random");
  EXPECT_EQ(j["sense"], "minimize");
  double best = INFINITY;
  for (const auto& l : lines) best = std::min(best, l.y);
  EXPECT_EQ(j["best"]["y"].get<double>(), best);
  // The resolved experiment repeats the run: it parses, with every default filled in.
  const Experiment again = Experiment::load(r.record / "experiment.toml");
  EXPECT_EQ(again.algorithm.config["design"].value<std::string>(), "uniform");
  EXPECT_EQ(again.objective.config["dim"].value<std::int64_t>(), 3);
}

TEST(Run, AlgorithmIsToldNegatedValuesOfAMinimizedObjective) {
  // random recommends the point it was told was largest: with the host negating a minimized
  // objective, that is the point of smallest objective value.
  const Experiment e = experiment("name = 'c_quadratic'\ndim = 2", "name = 'random'");
  const RunResult r = run_experiment(e, registry(), quiet());
  ASSERT_TRUE(r.best.has_value());
  ASSERT_EQ(r.recommended.size(), 2);
  EXPECT_EQ(r.recommended[0], r.best->x[0]);
  EXPECT_EQ(r.recommended[1], r.best->x[1]);
}

TEST(Run, SameSeedGivesTheSameEvaluationsBitForBit) {
  const auto a =
      read_evaluations(run_experiment(experiment("name = 'c_quadratic'", "name = 'random'",
                                                 "budget = 12\nseed = 9", "a"),
                                      registry(), quiet())
                           .record /
                       "evaluations.jsonl");
  const auto b =
      read_evaluations(run_experiment(experiment("name = 'c_quadratic'", "name = 'random'",
                                                 "budget = 12\nseed = 9", "b"),
                                      registry(), quiet())
                           .record /
                       "evaluations.jsonl");
  const auto c =
      read_evaluations(run_experiment(experiment("name = 'c_quadratic'", "name = 'random'",
                                                 "budget = 12\nseed = 10", "c"),
                                      registry(), quiet())
                           .record /
                       "evaluations.jsonl");
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(std::memcmp(a[i].x.data(), b[i].x.data(), a[i].x.size() * sizeof(double)), 0);
    EXPECT_EQ(std::memcmp(&a[i].y, &b[i].y, sizeof(double)), 0);
    EXPECT_EQ(a[i].seed, b[i].seed);
  }
  EXPECT_NE(a[0].x, c[0].x);
}

// Two runs on threads of one process, one folder: the second is refused while the first runs,
// and the first's record is whole.
TEST(Run, ASecondRunOnAnotherThreadIsRefusedTheFolderInUse) {
  const Experiment e =
      experiment("name = 'slow_objective'\nsleep_ms = 20.0\ndim = 2", "name = 'random'",
                 "budget = 40\nbatch = 1\nseed = 1", "two-threads");
  RunResult first;
  std::thread running([&] { first = run_experiment(e, registry(), quiet()); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!std::filesystem::exists(std::filesystem::path(e.output) / "evaluations.jsonl") &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  RunOptions overwrite = quiet();
  overwrite.overwrite = true;
  std::string refused;
  try {
    (void)run_experiment(e, registry(), overwrite);
  } catch (const Error& error) {
    refused = error.what();
  }
  running.join();
  EXPECT_NE(refused.find("is in use by process " + std::to_string(::getpid())), std::string::npos)
      << refused;
  EXPECT_EQ(first.status, RunStatus::completed);
  EXPECT_EQ(read_evaluations(first.record / "evaluations.jsonl").size(), 40u);
}

TEST(Run, SerialAndThreadedEvaluatorsGiveIdenticalRecords) {
  const std::string objective = "name = 'slow_objective'\nsleep_ms = 1.0\ndim = 3";
  const auto serial =
      read_evaluations(run_experiment(experiment(objective, "name = 'random'",
                                                 "budget = 24\nbatch = 8\nseed = 2", "serial"),
                                      registry(), quiet())
                           .record /
                       "evaluations.jsonl");
  Experiment threaded =
      experiment(objective, "name = 'random'", "budget = 24\nbatch = 8\nseed = 2", "threads");
  threaded.evaluator = "threads";
  threaded.workers = 4;
  const auto parallel =
      read_evaluations(run_experiment(threaded, registry(), quiet()).record / "evaluations.jsonl");
  ASSERT_EQ(serial.size(), parallel.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    EXPECT_EQ(serial[i].x, parallel[i].x);
    EXPECT_EQ(std::memcmp(&serial[i].y, &parallel[i].y, sizeof(double)), 0);
    EXPECT_EQ(serial[i].seed, parallel[i].seed);
  }
}

// The same with real numerics on both sides: gpbo refits a GP every batch (on OpenBLAS in
// the default build) and gpsample's function is a GP posterior mean (a Cholesky, on
// bopp::bo_portable). The evaluator changes where an evaluation runs, never what it is.
TEST(Run, GpAlgorithmOnAGpObjectiveGivesIdenticalRecordsWithEveryEvaluator) {
  const std::string objective =
      "name = 'gpsample'\nkind = 'posterior_mean'\ndim = 4\nseed = 3\nnoise_std = 0.1";
  const std::string algorithm =
      "name = 'gpbo'\ninitial_points = 8\nraw_samples = 64\noptimizer_restarts = 2";
  const std::string run = "budget = 24\nbatch = 4\nseed = 7";
  const auto serial = read_evaluations(
      run_experiment(experiment(objective, algorithm, run, "gp-serial"), registry(), quiet())
          .record /
      "evaluations.jsonl");
  Experiment threaded = experiment(objective, algorithm, run, "gp-threads");
  threaded.evaluator = "threads";
  threaded.workers = 3;
  const auto parallel =
      read_evaluations(run_experiment(threaded, registry(), quiet()).record / "evaluations.jsonl");
  ASSERT_EQ(serial.size(), 24u);
  ASSERT_EQ(parallel.size(), 24u);
  for (std::size_t i = 0; i < serial.size(); ++i) {
    ASSERT_TRUE(serial[i].ok) << serial[i].message;
    EXPECT_EQ(
        std::memcmp(serial[i].x.data(), parallel[i].x.data(), serial[i].x.size() * sizeof(double)),
        0)
        << i;
    EXPECT_EQ(std::memcmp(&serial[i].y, &parallel[i].y, sizeof(double)), 0) << i;
  }
}

TEST(Run, ObjectiveThatThrowsFailsOnlyThosePoints) {
  const RunResult r = run_experiment(experiment("name = 'throwing_objective'", "name = 'random'",
                                                "budget = 40\nbatch = 5\nseed = 1"),
                                     registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 40u);
  std::uint64_t failed = 0;
  for (const auto& l : lines) {
    EXPECT_EQ(!l.ok, l.x[0] > 0.5) << l.x[0];
    if (!l.ok) {
      ++failed;
      EXPECT_EQ(l.message, "boom at x0 > 0.5");
      EXPECT_TRUE(std::isnan(l.y));
    }
  }
  EXPECT_GT(failed, 0u);
  EXPECT_EQ(r.failed_evaluations, failed);
  EXPECT_EQ(run_json(r.record)["failed_evaluations"], failed);
}

TEST(Run, NanAndInfiniteValuesAreRecordedAsFailed) {
  const RunResult r = run_experiment(
      experiment("name = 'nan_objective'", "name = 'random'", "budget = 60\nbatch = 6\nseed = 3"),
      registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  bool saw_nan = false, saw_inf = false;
  for (const auto& l : read_evaluations(r.record / "evaluations.jsonl")) {
    const bool bad = l.x[0] > 0.5 || l.x[1] > 0.9;
    EXPECT_EQ(!l.ok, bad);
    saw_nan = saw_nan || l.message == "the objective returned NaN";
    saw_inf = saw_inf || l.message == "the objective returned an infinite value";
  }
  EXPECT_TRUE(saw_nan);
  EXPECT_TRUE(saw_inf);
  ASSERT_TRUE(r.best.has_value());
  EXPECT_TRUE(std::isfinite(r.best->y));
}

TEST(Run, AlgorithmThatThrowsEndsTheRunAndKeepsTheRecordValid) {
  const RunResult r = run_experiment(
      experiment("name = 'c_quadratic'", "name = 'throwing_algorithm'\nfail_after = 2",
                 "budget = 30\nbatch = 3"),
      registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::failed);
  EXPECT_NE(r.message.find("algorithm 'throwing_algorithm'"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("failed in ask: ask failed on purpose"), std::string::npos) << r.message;
  // Two asks of one point each succeeded before the third threw.
  EXPECT_EQ(read_evaluations(r.record / "evaluations.jsonl").size(), 2u);
  const auto j = run_json(r.record);
  EXPECT_EQ(j["status"], "failed");
  EXPECT_EQ(j["evaluations"], 2);
  EXPECT_EQ(j["message"], r.message);
}

TEST(Run, PointOutsideTheBoundsIsPluginMisbehaving) {
  const RunResult r = run_experiment(
      experiment("name = 'c_quadratic'", "name = 'out_of_bounds_algorithm'"), registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::failed);
  EXPECT_EQ(r.message.rfind("plugin misbehaving: algorithm 'out_of_bounds_algorithm' asked a point "
                            "outside the bounds",
                            0),
            0u)
      << r.message;
}

// A recommendation comes after every evaluation is recorded: failing it costs the
// recommendation (null in run.json, a warning in log.jsonl), not the completed run.
TEST(Run, AFailingOrOutOfBoundsRecommendationIsAWarningAndTheRunStaysCompleted) {
  for (const std::string how : {"throw", "outside"}) {
    const RunResult r =
        run_experiment(experiment("name = 'c_quadratic'",
                                  "name = 'bad_recommend_algorithm'\nrecommend = '" + how + "'"),
                       registry(), quiet());
    EXPECT_EQ(r.status, RunStatus::completed) << how;
    EXPECT_EQ(r.recommended.size(), 0) << how;
    const std::string expected = how == "throw" ? "failed in recommend: recommend failed on purpose"
                                                : "recommended a point outside the bounds: x[0]";
    EXPECT_NE(r.message.find(expected), std::string::npos) << r.message;
    const auto j = run_json(r.record);
    EXPECT_EQ(j["status"], "completed");
    EXPECT_TRUE(j["recommended"].is_null());
    EXPECT_EQ(j["message"], r.message);
    const std::string log = test::read_text(r.record / "log.jsonl");
    EXPECT_NE(log.find("\"level\":\"warning\""), std::string::npos) << log;
    EXPECT_NE(log.find("no recommendation"), std::string::npos) << log;
  }
}

TEST(Run, TooManyPointsIsPluginMisbehaving) {
  const RunResult r =
      run_experiment(experiment("name = 'c_quadratic'", "name = 'too_many_points_algorithm'"),
                     registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::failed);
  EXPECT_NE(r.message.find("plugin misbehaving: algorithm 'too_many_points_algorithm' returned 5 "
                           "points from ask(4)"),
            std::string::npos)
      << r.message;
}

TEST(Run, IntegerAndCategoricalCoordinatesAreRoundedBeforeEvaluation) {
  // mixed_objective throws on a non-integral discrete coordinate.
  const RunResult r = run_experiment(
      experiment("name = 'mixed_objective'", "name = 'random'", "budget = 30\nbatch = 5"),
      registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(r.failed_evaluations, 0u);
  for (const auto& l : read_evaluations(r.record / "evaluations.jsonl")) {
    EXPECT_EQ(l.x[1], std::round(l.x[1]));
    EXPECT_EQ(l.x[2], std::round(l.x[2]));
    EXPECT_LE(l.x[2], 3.0);
  }
}

TEST(Run, AStopRequestEndsTheRunAsStopped) {
  std::atomic<bool> stop{true};
  RunOptions options = quiet();
  options.stop = &stop;
  const RunResult r =
      run_experiment(experiment("name = 'c_quadratic'", "name = 'random'"), registry(), options);
  EXPECT_EQ(r.status, RunStatus::stopped);
  EXPECT_EQ(run_json(r.record)["status"], "stopped");
}

// The plugin's own keys are checked by the host before the plugin is created.
std::string resolve_error(const std::string& objective, const std::string& algorithm) {
  const std::string text = "[objective]\n" + objective + "\n[algorithm]\n" + algorithm + "\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  try {
    e.resolve_plugins(registry());
  } catch (const Error& ex) {
    return ex.what();
  }
  return "";
}

TEST(Run, UnknownPluginKeyNamesFileLineKeyAndAllowedKeys) {
  const std::string message =
      resolve_error("name = 'c_quadratic'", "name = 'random'\ndesing = 'sobol'");
  EXPECT_EQ(message.rfind("exp.toml:5: [algorithm] unknown key 'desing' for algorithm 'random'; "
                          "allowed keys: design",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find("did you mean 'design'"), std::string::npos) << message;
}

TEST(Run, WrongPluginValueTypeAndRangeAreErrors) {
  EXPECT_NE(resolve_error("name = 'c_quadratic'", "name = 'random'\ndesign = 3")
                .find("key 'design' of algorithm 'random' must be string"),
            std::string::npos);
  EXPECT_NE(resolve_error("name = 'c_quadratic'", "name = 'random'\ndesign = 'halton'")
                .find("must be one of uniform|sobol"),
            std::string::npos);
  EXPECT_NE(resolve_error("name = 'slow_objective'\nsleep_ms = -1", "name = 'random'")
                .find("exp.toml:3: [objective] key 'sleep_ms'"),
            std::string::npos);
}

TEST(Run, UnknownObjectiveSuggestsTheClosestName) {
  const std::string message = resolve_error("name = 'c_quadratik'", "name = 'random'");
  EXPECT_NE(
      message.find("[objective] unknown objective 'c_quadratik' (did you mean 'c_quadratic'?)"),
      std::string::npos)
      << message;
}

TEST(Run, TheMinimalPluginsOfTheDocsLoadAndRun) {
  const PluginRegistry examples({test::test_plugin_dir("examples")});
  ASSERT_TRUE(examples.broken().empty()) << examples.broken()[0].reason;
  Experiment e = Experiment::parse(
      "[run]\nbudget = 200\nbatch = 5\n[objective]\nname = 'minimal_c_sphere'\n"
      "[algorithm]\nname = 'hill_climber'\nstep = 0.05\n",
      "exp.toml");
  e.output = (test::fresh_folder("examples") / "record").string();
  e.resolve_plugins(examples);
  const RunResult r = run_experiment(e, examples, quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  ASSERT_TRUE(r.best.has_value());
  EXPECT_LT(r.best->y, 0.05);  // the hill climber finds the sphere's bottom from the centre's ring
}

// The C example reads its two parameters through ABI 1.1's typed entries, not the TOML text.
TEST(Run, TheMinimalCObjectiveReadsItsParametersThroughTheTypedForm) {
  const PluginRegistry examples({test::test_plugin_dir("examples")});
  const HostServices services("test", nullptr, nullptr, 1);
  Objective shifted(examples.objective("minimal_c_sphere"), "power = 4\nshift = 1.5\n", 0,
                    services);
  const double at_optimum[] = {1.5, 1.5}, one_off[] = {2.5, 1.5}, two_off[] = {3.5, -0.5};
  EXPECT_EQ(shifted.evaluate(at_optimum, 0).y, 0.0);
  EXPECT_EQ(shifted.evaluate(one_off, 0).y, 1.0);
  EXPECT_EQ(shifted.evaluate(two_off, 0).y, 32.0);  // 2^4 + 2^4
  ASSERT_EQ(shifted.problem().optimizer.size(), 2);
  EXPECT_EQ(shifted.problem().optimizer[0], 1.5);
  Objective defaults(examples.objective("minimal_c_sphere"), "power = 2\nshift = 0.0\n", 0,
                     services);
  EXPECT_EQ(defaults.evaluate(two_off, 0).y, 12.5);  // 3.5^2 + 0.5^2
}

}  // namespace
}  // namespace bopp::host

namespace bopp::host {
namespace {

TEST(Run, EveryPluginLogLineIsInLogJsonlWithTheEvaluationsTold) {
  const Experiment e =
      experiment("name = 'logging_objective'", "name = 'logging_algorithm'",
                 "budget = 6\nbatch = 2\nseed = 1\n[evaluator]\nkind = 'threads'\nworkers = 2");
  const RunResult r = run_experiment(e, registry(), quiet());
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  std::ifstream in(r.record / "log.jsonl");
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) {
    ASSERT_NO_THROW(lines.push_back(nlohmann::json::parse(line))) << line;
  }
  // Created: 4 levels and the awkward message; 3 asks of 4 levels; 6 evaluations of 4 levels.
  ASSERT_EQ(lines.size(), 5u + 12u + 24u);
  std::map<std::string, int> levels;
  std::map<std::uint64_t, int> evaluate_lines_at;
  int asks = 0;
  for (const auto& j : lines) {
    const std::string message = j.at("message");
    const auto told = j.at("evaluations").get<std::uint64_t>();
    const std::string level = j.at("level");
    ++levels[level];
    EXPECT_EQ(message.rfind(level, 0) == 0 || message.rfind("quote", 0) == 0, true) << message;
    if (message.find("ask after ") != std::string::npos) {
      ++asks;
      EXPECT_EQ(j.at("plugin"), "logging_algorithm");
      EXPECT_NE(message.find("ask after " + std::to_string(told) + " told"), std::string::npos)
          << message << " logged at " << told;
    } else if (message.find("evaluate") != std::string::npos) {
      EXPECT_EQ(j.at("plugin"), "logging_objective");
      ++evaluate_lines_at[told];
    } else {
      EXPECT_EQ(told, 0u) << message;  // logged while the algorithm was created
    }
  }
  EXPECT_EQ(asks, 12);
  EXPECT_EQ(levels["debug"], 10);
  EXPECT_EQ(levels["info"], 11);
  EXPECT_EQ(levels["warning"], 10);
  EXPECT_EQ(levels["error"], 10);
  // A batch's evaluations are logged before it is told: 2 points x 4 levels at 0, 2 and 4.
  EXPECT_EQ(evaluate_lines_at, (std::map<std::uint64_t, int>{{0, 8}, {2, 8}, {4, 8}}));
  const auto awkward = std::find_if(lines.begin(), lines.end(), [](const nlohmann::json& j) {
    return j.at("message").get<std::string>().rfind("quote", 0) == 0;
  });
  ASSERT_NE(awkward, lines.end());
  EXPECT_EQ(awkward->at("message"),
            "quote \" backslash \\ newline \n tab \t bad byte \xef\xbf\xbd end");
}

TEST(Run, ARunWithoutLogLinesHasAnEmptyLogJsonl) {
  const Experiment e = experiment("name = 'c_quadratic'", "name = 'random'");
  const RunResult r = run_experiment(e, registry(), quiet());
  ASSERT_TRUE(std::filesystem::exists(r.record / "log.jsonl"));
  EXPECT_EQ(std::filesystem::file_size(r.record / "log.jsonl"), 0u);
}

TEST(Run, ALongLogMessageIsCut) {
  const Experiment e =
      experiment("name = 'logging_objective'", "name = 'logging_algorithm'\nlong_message = 200000",
                 "budget = 1\nbatch = 1\nseed = 1");
  const RunResult r = run_experiment(e, registry(), quiet());
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  std::ifstream in(r.record / "log.jsonl");
  bool found = false;
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    const std::string message = j.at("message");
    if (message.rfind("quote", 0) != 0) continue;
    found = true;
    EXPECT_LT(line.size(), 70'000u);
    EXPECT_NE(message.find("[cut: the message had"), std::string::npos);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace bopp::host
