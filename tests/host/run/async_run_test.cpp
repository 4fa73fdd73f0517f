// Asynchronous runs (`[evaluator] async = true`): the algorithm is asked whenever a worker is
// free, results are told as they land, and every ask records the points still pending. The
// values stay those of a serial run (per-point seeds); a crash costs its own evaluation.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "crashing_objective_faults.hpp"
#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace bopp::host {
namespace {
namespace fs = std::filesystem;

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("misbehaving"),
                                 test::test_plugin_dir("crashing")});
  return r;
}

RunOptions quiet() { return test::quiet_run_options(); }

Experiment experiment(const std::string& text, const std::string& folder_name) {
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder_name) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

RunResult run(const std::string& text, const std::string& folder_name,
              const RunOptions& options = quiet()) {
  return run_experiment(experiment(text, folder_name), registry(), options);
}

std::vector<nlohmann::json> batch_lines(const fs::path& record) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(test::read_text(record / "batches.jsonl"));
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

nlohmann::json run_json(const fs::path& record) {
  return nlohmann::json::parse(test::read_text(record / "run.json"));
}

std::vector<RecordedEvaluation> by_index(std::vector<RecordedEvaluation> lines) {
  std::sort(lines.begin(), lines.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  return lines;
}

void expect_same_evaluations(const std::vector<RecordedEvaluation>& expected,
                             const std::vector<RecordedEvaluation>& got) {
  ASSERT_EQ(expected.size(), got.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(got[i].index, i);
    EXPECT_EQ(expected[i].x, got[i].x) << i;
    EXPECT_EQ(std::memcmp(&expected[i].y, &got[i].y, sizeof(double)), 0) << i;
    EXPECT_EQ(expected[i].seed, got[i].seed) << i;
    EXPECT_EQ(expected[i].ok, got[i].ok) << i;
  }
}

// gpbo's asks depend on everything it was told: with one worker an asynchronous run tells each
// result before the next ask, which is the batch-1 run exactly.
TEST(AsyncRun, OneSerialWorkerGivesTheBatchOneRunBitForBit) {
  const std::string text =
      "[run]\nseed = 3\nbudget = 10\n"
      "[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\nnoise = 0.2\n"
      "[algorithm]\nname = 'gpbo'\ninitial_points = 4\n[evaluator]\nkind = 'serial'\n";
  const RunResult sync = run(text, "sync");
  const RunResult async = run(text + "async = true\n", "async");
  ASSERT_EQ(sync.status, RunStatus::completed) << sync.message;
  ASSERT_EQ(async.status, RunStatus::completed) << async.message;
  expect_same_evaluations(read_evaluations(sync.record / "evaluations.jsonl"),
                          read_evaluations(async.record / "evaluations.jsonl"));
  const auto asks = batch_lines(async.record);
  ASSERT_EQ(asks.size(), 10u);
  for (const auto& ask : asks) EXPECT_EQ(ask.at("pending"), nlohmann::json::array()) << ask;
  for (const auto& line : batch_lines(sync.record)) EXPECT_FALSE(line.contains("pending"));
}

// Three threads, points of unequal length: while one point is evaluated the others are asked.
// Random search asks the same points whatever it is told, so the values by index are those of
// the serial batch-1 run.
TEST(AsyncRun, ThreadsAskWhilePointsArePendingAndKeepTheSerialValues) {
  const std::string text =
      "[run]\nseed = 5\nbudget = 24\n"
      "[objective]\nname = 'slow_objective'\nsleep_ms = 2.0\njitter_ms = 30.0\nnoise = 0.2\n"
      "[algorithm]\nname = 'random'\n";
  const RunResult serial = run(text + "[evaluator]\nkind = 'serial'\n", "serial");
  const RunResult async =
      run(text + "[evaluator]\nkind = 'threads'\nworkers = 3\nasync = true\n", "threads");
  ASSERT_EQ(async.status, RunStatus::completed) << async.message;
  EXPECT_EQ(async.evaluations, 24u);
  expect_same_evaluations(read_evaluations(serial.record / "evaluations.jsonl"),
                          by_index(read_evaluations(async.record / "evaluations.jsonl")));

  const auto asks = batch_lines(async.record);
  ASSERT_EQ(asks.size(), 24u);  // batch = 1: one point per ask
  std::size_t with_two_pending = 0;
  for (std::size_t k = 0; k < asks.size(); ++k) {
    const auto pending = asks[k].at("pending").get<std::vector<std::uint64_t>>();
    EXPECT_LE(pending.size(), 2u) << asks[k];  // the other two workers' points at most
    for (const std::uint64_t index : pending) EXPECT_LT(index, k) << asks[k];
    EXPECT_TRUE(std::is_sorted(pending.begin(), pending.end()));
    if (pending.size() == 2) ++with_two_pending;
  }
  EXPECT_EQ(asks[0].at("pending").size(), 0u);
  // The evaluations run in this process beside the asks: no CPU time is the algorithm's alone.
  for (const auto& ask : asks) EXPECT_FALSE(ask.contains("ask_cpu_time")) << ask;
  EXPECT_FALSE(run_json(async.record)["time"].contains("algorithm_cpu"));
  EXPECT_TRUE(run_json(serial.record)["time"].contains("algorithm_cpu"));
  EXPECT_EQ(asks[1].at("pending"), nlohmann::json::array({0}));
  EXPECT_EQ(asks[2].at("pending"), nlohmann::json::array({0, 1}));
  EXPECT_GT(with_two_pending, 1u);
}

// A batch larger than one: an ask fills a free worker and waits for the next free one.
TEST(AsyncRun, ProcessesLoseOnlyTheCrashedEvaluations) {
  const RunResult r =
      run("[run]\nseed = 4\nbudget = 24\nbatch = 2\n"
          "[objective]\nname = 'crashing_objective'\n[algorithm]\nname = 'random'\n"
          "[evaluator]\nkind = 'processes'\nworkers = 2\ntimeout_s = 0.3\nasync = true\n",
          "processes");
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  const auto lines = by_index(read_evaluations(r.record / "evaluations.jsonl"));
  ASSERT_EQ(lines.size(), 24u);
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const RecordedEvaluation& l = lines[i];
    EXPECT_EQ(l.index, i);
    EXPECT_EQ(l.ok, l.x[0] >= 0.4) << l.x[0] << ": " << l.message;
    EXPECT_NE(l.message.find(test::crashing_objective_fault(l.x[0])), std::string::npos)
        << l.message;
    if (l.ok) {
      EXPECT_EQ(l.y, l.x[0] + l.x[1]);
    } else {
      ++failed;
    }
  }
  EXPECT_GT(failed, 0u);
  EXPECT_EQ(r.failed_evaluations, failed);
  for (const auto& ask : batch_lines(r.record)) EXPECT_LE(ask.at("points").get<int>(), 2);
}

TEST(AsyncRun, AnAlgorithmWithoutTheExtensionIsRefusedBeforeTheRecord) {
  Experiment e = experiment(
      "[run]\nbudget = 4\n[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\n"
      "[algorithm]\nname = 'unseeded_algorithm'\n[evaluator]\nasync = true\n",
      "refused");
  try {
    run_experiment(e, registry(), quiet());
    FAIL() << "an algorithm without bopp.pending_asks/1 ran asynchronously";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("exp.toml: [evaluator] async = true"), std::string::npos) << message;
    EXPECT_NE(message.find("'unseeded_algorithm'"), std::string::npos) << message;
    EXPECT_NE(message.find("bopp.pending_asks/1"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(e.output));
}

// A stop seen at an ask ends the asking; whatever is in flight finishes and is recorded.
TEST(AsyncRun, AStopEndsTheAskingAndTheRecordSaysSo) {
  std::atomic<bool> stop{true};
  RunOptions options = quiet();
  options.stop = &stop;
  const RunResult r = run(
      "[run]\nbudget = 8\n[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\n"
      "[algorithm]\nname = 'random'\n[evaluator]\nkind = 'threads'\nworkers = 2\nasync = true\n",
      "stopped", options);
  EXPECT_EQ(r.status, RunStatus::stopped);
  EXPECT_EQ(r.evaluations, 0u);
  EXPECT_NE(r.message.find("the points under way finished"), std::string::npos) << r.message;
}

TEST(AsyncRun, ResumeLeavesACompleteRunAndRefusesAnInterruptedOne) {
  const RunResult r = run(
      "[run]\nbudget = 6\n[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\n"
      "[algorithm]\nname = 'random'\n[evaluator]\nkind = 'threads'\nworkers = 2\nasync = true\n",
      "resume");
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  EXPECT_FALSE(resume_run(r.record, registry(), quiet(), {}).has_value());
  nlohmann::json run_json = nlohmann::json::parse(test::read_text(r.record / "run.json"));
  run_json["status"] = "running";
  std::ofstream(r.record / "run.json") << run_json.dump();
  const std::string before = test::read_text(r.record / "evaluations.jsonl");
  try {
    resume_run(r.record, registry(), quiet(), {});
    FAIL() << "an asynchronous run was resumed";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("asynchronous run ([evaluator] async = true)"),
              std::string::npos)
        << error.what();
  }
  EXPECT_EQ(test::read_text(r.record / "evaluations.jsonl"), before);
  // Nor does `bopp run` into the folder point to bopp resume.
  Experiment again = Experiment::load(r.record / "experiment.toml");
  again.resolve_plugins(registry());
  try {
    run_experiment(again, registry(), quiet());
    FAIL() << "a run replaced a record without --overwrite";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("it did not complete, status 'running')"), std::string::npos) << message;
    EXPECT_EQ(message.find("bopp resume"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace bopp::host
