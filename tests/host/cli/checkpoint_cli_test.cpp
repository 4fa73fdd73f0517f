// Checkpoints and time limits as a user meets them: `bopp run` with a checkpoint after every
// batch, killed with SIGKILL at pseudo-random moments (often while a checkpoint is written)
// and resumed again and again, ends with the uninterrupted run's record; --stop-after stops a
// run with exit status 75 and `bopp resume` finishes it.
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include "comparable_run_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

nlohmann::json read_json(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in, nullptr, false);
}

Outcome bopp(const std::vector<std::string>& args, const fs::path& folder) {
  return run_bopp(args, {"misbehaving"}, "", folder);
}

std::size_t lines_in(const fs::path& file) {
  std::ifstream in(file);
  return static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every evaluation's index, batch, x, y, status and seed to the bit, and run.json but its times
// (and, for records of two bench folders, the experiment file's path).
::testing::AssertionResult same_run(const fs::path& expected, const fs::path& actual,
                                    bool other_folders = false) {
  const auto a = host::read_evaluations(expected / "evaluations.jsonl");
  const auto b = host::read_evaluations(actual / "evaluations.jsonl");
  if (a.size() != b.size())
    return ::testing::AssertionFailure() << b.size() << " evaluations, expected " << a.size();
  for (std::size_t i = 0; i < a.size(); ++i) {
    bool same = a[i].index == b[i].index && a[i].batch == b[i].batch && a[i].ok == b[i].ok &&
                a[i].seed == b[i].seed && same_bits(a[i].y, b[i].y) &&
                a[i].x.size() == b[i].x.size();
    for (std::size_t k = 0; same && k < a[i].x.size(); ++k) same = same_bits(a[i].x[k], b[i].x[k]);
    if (!same) return ::testing::AssertionFailure() << "evaluation " << i << " differs";
  }
  const nlohmann::json ja = comparable_run_json(expected, other_folders);
  const nlohmann::json jb = comparable_run_json(actual, other_folders);
  if (ja != jb) return ::testing::AssertionFailure() << ja.dump() << "\n" << jb.dump();
  return ::testing::AssertionSuccess();
}

fs::path experiment(const fs::path& folder, const std::string& algorithm, double sleep_ms,
                    std::uint64_t budget) {
  const fs::path file = folder / "exp.toml";
  std::ofstream(file) << "[run]\nseed = 4\nbudget = " << budget
                      << "\nbatch = 2\ncheckpoint_interval_s = 0\n[objective]\nname = "
                         "'slow_objective'\nsleep_ms = "
                      << sleep_ms << "\nnoise = 0.1\n[algorithm]\nname = '" << algorithm << "'\n";
  return file;
}

TEST(CheckpointCli, KilledAgainAndAgainWhileCheckpointingResumesToTheUninterruptedRun) {
  const fs::path folder = fresh_folder("kill-chain");
  const std::uint64_t budget = 60;
  experiment(folder, "random", 1.0, budget);
  const Outcome straight = bopp({"run", "exp.toml", "--output", "straight"}, folder);
  ASSERT_EQ(straight.exit_code, 0) << straight.err;

  std::mt19937_64 generator(20261129);  // fixed: the same kill moments every time
  int kills = 0, fallbacks = 0;
  for (int chain = 0; chain < 4; ++chain) {
    SCOPED_TRACE("chain " + std::to_string(chain));
    const std::string record = "killed" + std::to_string(chain);
    for (int step = 0; step < 12; ++step) {
      const std::vector<std::string> args =
          step == 0 ? std::vector<std::string>{"run", "exp.toml", "--output", record}
                    : std::vector<std::string>{"resume", record};
      const pid_t child = start_bopp(args, {"misbehaving"}, folder);
      ASSERT_GT(child, 0);
      int status = 0;
      bool ended = false;
      // The first run is killed once it has recorded something, each resume 0-100 ms after it
      // starts: in its replay, between batches, or while it writes a checkpoint.
      if (step == 0) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
        while (!ended && lines_in(folder / record / "evaluations.jsonl") < 2 &&
               std::chrono::steady_clock::now() < deadline) {
          ended = ::waitpid(child, &status, WNOHANG) == child;
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
      }
      std::this_thread::sleep_for(std::chrono::microseconds(generator() % 100000));
      if (ended || ::waitpid(child, &status, WNOHANG) == child) break;  // it ended first
      ::kill(-child, SIGKILL);
      ::waitpid(child, &status, 0);
      ++kills;
      fallbacks += read_text(folder / "err.txt").find("not used") != std::string::npos;
    }
    const Outcome resumed = bopp({"resume", record}, folder);
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_TRUE(same_run(folder / "straight", folder / record));
    EXPECT_FALSE(fs::exists(folder / record / "checkpoint.bin"));
  }
  // Not an assertion on timing: how the kills fell, for the test's log.
  std::printf("%d kills; %d killed resumes had said a checkpoint was not used\n", kills, fallbacks);
}

TEST(CheckpointCli, StopAfterExitsSeventyFiveAndResumeCompletesTheRun) {
  const fs::path folder = fresh_folder("stop-after");
  experiment(folder, "random", 20.0, 60);  // at least 0.6 s of evaluations, 2 at a time
  const Outcome straight = bopp({"run", "exp.toml", "--output", "straight"}, folder);
  ASSERT_EQ(straight.exit_code, 0) << straight.err;

  const Outcome stopped =
      bopp({"run", "exp.toml", "--output", "limited", "--stop-after", "0.2s"}, folder);
  EXPECT_EQ(stopped.exit_code, 75) << stopped.err;
  EXPECT_NE(stopped.err.find("bopp: stopped (time limit) after "), std::string::npos)
      << stopped.err;
  EXPECT_NE(stopped.err.find("`bopp resume limited` continues it"), std::string::npos)
      << stopped.err;
  const nlohmann::json run = read_json(folder / "limited" / "run.json");
  EXPECT_EQ(run["status"], "stopped");
  EXPECT_EQ(run["message"].get<std::string>().rfind("stopped (time limit) after ", 0), 0u);
  EXPECT_TRUE(fs::exists(folder / "limited" / "checkpoint.bin"));

  // The same through the experiment's key, on the resume: stopped again, or finished.
  const Outcome resumed = bopp({"resume", "limited", "--stop-after", "1h"}, folder);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.err.find("not used"), std::string::npos) << resumed.err;
  EXPECT_TRUE(same_run(folder / "straight", folder / "limited"));
  EXPECT_FALSE(fs::exists(folder / "limited" / "checkpoint.bin"));

  const Outcome keyed =
      bopp({"run", "exp.toml", "--output", "keyed", "--set", "run.time_limit=0.2s"}, folder);
  EXPECT_EQ(keyed.exit_code, 75) << keyed.err;
  const Outcome bad = bopp({"run", "exp.toml", "--output", "bad", "--stop-after", "soon"}, folder);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--stop-after expects a positive duration"), std::string::npos) << bad.err;
}

TEST(CheckpointCli, ABenchResumesTheRunsASignalStopped) {
  // 100 evaluations of 20 ms: the signal comes once both runs have 3, and one run must not have
  // finished by then, however late the other started (under a sanitizer on a loaded machine a
  // run of 30 once did).
  const std::string grid = R"([bench]
seeds = [0, 1]
budget = 100
output = "runs"
[[algorithm]]
name = "random"
[[objective]]
name = "slow_objective"
sleep_ms = 20.0
noise = 0.1
)";
  const fs::path straight = fresh_folder("bench-straight");
  std::ofstream(straight / "grid.toml") << grid;
  const Outcome whole = bopp({"bench", "grid.toml", "--jobs", "2"}, straight);
  ASSERT_EQ(whole.exit_code, 0) << whole.err;

  const fs::path folder = fresh_folder("bench-stopped");
  std::ofstream(folder / "grid.toml") << grid;
  const pid_t bench = start_bopp({"bench", "grid.toml", "--jobs", "2"}, {"misbehaving"}, folder);
  ASSERT_GT(bench, 0);
  const fs::path runs = fs::path("runs") / "slow_objective" / "random";
  auto run_folder = [&](const fs::path& root, int seed) {
    return root / runs / ("q1-seed" + std::to_string(seed));
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (std::chrono::steady_clock::now() < deadline &&
         (lines_in(run_folder(folder, 0) / "evaluations.jsonl") < 3 ||
          lines_in(run_folder(folder, 1) / "evaluations.jsonl") < 3)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::kill(bench, SIGTERM);  // passed on to both runs: each stops after its batch, checkpointed
  int status = 0;
  ::waitpid(bench, &status, 0);
  std::vector<nlohmann::json> stopped;
  std::vector<std::string> recorded;
  for (int seed : {0, 1}) {
    stopped.push_back(read_json(run_folder(folder, seed) / "run.json"));
    recorded.push_back(read_text(run_folder(folder, seed) / "evaluations.jsonl"));
    ASSERT_EQ(stopped.back()["status"], "stopped") << seed;
    EXPECT_TRUE(fs::exists(run_folder(folder, seed) / "checkpoint.bin")) << seed;
  }

  const Outcome again = bopp({"bench", "grid.toml", "--jobs", "2"}, folder);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  for (int seed : {0, 1}) {
    SCOPED_TRACE(seed);
    const fs::path record = run_folder(folder, seed);
    // Resumed, not run anew: the record keeps its first start and its lines, times and all.
    EXPECT_EQ(read_json(record / "run.json")["started"], stopped[seed]["started"]);
    EXPECT_EQ(read_text(record / "evaluations.jsonl").rfind(recorded[seed], 0), 0u);
    EXPECT_TRUE(same_run(run_folder(straight, seed), record, true));
    EXPECT_FALSE(fs::exists(record / "checkpoint.bin"));
  }
}

}  // namespace
}  // namespace bopp::test
