// SIGINT, SIGTERM and SIGHUP sent to the real bopp program: a run stops after its batch,
// records `stopped` with the signal's name and exits 128 + signal; a second signal ends it at
// once; a bench passes the signal on to its runs, writes its index and exits the same way; a
// signal to the whole process group under the processes evaluator costs no point.
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Polls `done` every 10 ms for up to a minute.
bool wait_until(const std::function<bool()>& done) {
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// The process's wait status, or nullopt (after killing its group) when it has not ended
// within a minute.
std::optional<int> wait_for_end(pid_t child) {
  int status = 0;
  pid_t ended = 0;
  const bool done = wait_until([&] {
    ended = ::waitpid(child, &status, WNOHANG);
    return ended == child;
  });
  if (done) return status;
  ::kill(-child, SIGKILL);
  ::waitpid(child, &status, 0);
  return std::nullopt;
}

std::size_t lines_in(const fs::path& file) {
  std::ifstream in(file);
  return static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
}

nlohmann::json read_json(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

fs::path slow_experiment(const fs::path& folder, double sleep_ms, int batch) {
  const fs::path file = folder / "exp.toml";
  std::ofstream(file) << "[run]\nbudget = 100000\nbatch = " << batch
                      << "\n[objective]\nname = 'slow_objective'\nsleep_ms = " << sleep_ms
                      << "\n[algorithm]\nname = 'random'\n";
  return file;
}

const char* name_of(int signal) {
  return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP";
}

class StopSignal : public ::testing::TestWithParam<int> {};

TEST_P(StopSignal, RunRecordsStoppedNamingTheSignalAndExits128PlusIt) {
  const int signal = GetParam();
  const fs::path folder = fresh_folder(std::string("run-") + name_of(signal));
  const fs::path file = slow_experiment(folder, 5.0, 3);
  const pid_t child = start_bopp({"run", file.string(), "--output", "r"}, {"misbehaving"}, folder);
  ASSERT_GT(child, 0);
  const bool started =
      wait_until([&] { return lines_in(folder / "r" / "evaluations.jsonl") >= 6; });
  ::kill(child, signal);
  const std::optional<int> status = wait_for_end(child);
  ASSERT_TRUE(started);
  ASSERT_TRUE(status) << "the run did not stop within a minute";
  ASSERT_TRUE(WIFEXITED(*status)) << "killed by signal " << WTERMSIG(*status);
  EXPECT_EQ(WEXITSTATUS(*status), 128 + signal);
  const std::string err = read_text(folder / "err.txt");
  EXPECT_NE(err.find(std::string("stopped by ") + name_of(signal)), std::string::npos) << err;

  const nlohmann::json run = read_json(folder / "r" / "run.json");
  EXPECT_EQ(run["status"], "stopped");
  EXPECT_NE(run["message"].get<std::string>().find(name_of(signal)), std::string::npos)
      << run["message"];
  const auto lines = host::read_evaluations(folder / "r" / "evaluations.jsonl");
  EXPECT_EQ(run["evaluations"], lines.size());
  EXPECT_EQ(lines.size() % 3, 0u) << "the batch under way was not finished";
}

INSTANTIATE_TEST_SUITE_P(Signals, StopSignal, ::testing::Values(SIGINT, SIGTERM, SIGHUP),
                         [](const auto& info) { return std::string(name_of(info.param)); });

TEST(StopSignals, ASecondSignalEndsTheRunAtOnce) {
  const fs::path folder = fresh_folder("second-signal");
  // One point a batch, 5 s each: once the first is recorded the second is under way, and the
  // first signal waits for it; the second signal does not.
  const fs::path file = slow_experiment(folder, 5000.0, 1);
  const pid_t child = start_bopp({"run", file.string(), "--output", "r"}, {"misbehaving"}, folder);
  ASSERT_GT(child, 0);
  const bool started =
      wait_until([&] { return lines_in(folder / "r" / "evaluations.jsonl") >= 1; });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ::kill(child, SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  int status = 0;
  const bool still_running = ::waitpid(child, &status, WNOHANG) == 0;
  if (!still_running) {
    FAIL() << "the first signal did not wait for the batch under way (started: " << started << ")";
  }
  ::kill(child, SIGTERM);
  const std::optional<int> end = wait_for_end(child);
  ASSERT_TRUE(started);
  ASSERT_TRUE(end) << "the second signal did not end the run";
  ASSERT_TRUE(WIFSIGNALED(*end));
  EXPECT_EQ(WTERMSIG(*end), SIGTERM);
}

TEST(StopSignals, BenchPassesTheSignalToItsRunsWritesItsIndexAndExits) {
  const fs::path folder = fresh_folder("bench-signal");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1, 2]
budget = 100000
output = "slow"
[[algorithm]]
name = "random"
[[objective]]
name = "slow_objective"
sleep_ms = 5.0
)";
  const pid_t bench =
      start_bopp({"bench", "grid.toml", "--jobs", "2", "--no-sync"}, {"misbehaving"}, folder);
  ASSERT_GT(bench, 0);
  const fs::path runs = folder / "slow" / "slow_objective" / "random";
  auto run_folder = [&](int seed) { return runs / ("q1-seed" + std::to_string(seed)); };
  // Both runs under way have evaluated some points.
  const bool started = wait_until([&] {
    return lines_in(run_folder(0) / "evaluations.jsonl") >= 3 &&
           lines_in(run_folder(1) / "evaluations.jsonl") >= 3;
  });
  ::kill(bench, SIGTERM);  // the bench alone: its runs hear of it from the bench
  const std::optional<int> status = wait_for_end(bench);
  ASSERT_TRUE(started);
  ASSERT_TRUE(status) << "the bench did not stop within a minute";
  ASSERT_TRUE(WIFEXITED(*status)) << "killed by signal " << WTERMSIG(*status);
  EXPECT_EQ(WEXITSTATUS(*status), 128 + SIGTERM);
  EXPECT_NE(read_text(folder / "err.txt").find("stopped by SIGTERM"), std::string::npos)
      << read_text(folder / "err.txt");

  const nlohmann::json index = read_json(folder / "slow" / "index.json");
  ASSERT_EQ(index["runs"].size(), 3u);
  for (const auto& r : index["runs"]) EXPECT_EQ(r["status"], "stopped") << r.dump();
  for (int seed : {0, 1}) {
    const nlohmann::json run = read_json(run_folder(seed) / "run.json");
    EXPECT_EQ(run["status"], "stopped") << seed;
    EXPECT_NE(run["message"].get<std::string>().find("SIGTERM"), std::string::npos)
        << run["message"];
  }
  EXPECT_FALSE(fs::exists(run_folder(2) / "run.json")) << "a run started after the stop";
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(StopSignals, SignalToTheWholeGroupCostsNoPointUnderTheProcessesEvaluator) {
  const fs::path folder = fresh_folder("group-processes");
  std::ofstream(folder / "exp.toml")
      << "[run]\nseed = 3\nbudget = 24\nbatch = 4\n[objective]\nname = 'slow_objective'\n"
         "sleep_ms = 30.0\nnoise = 0.2\n[algorithm]\nname = 'random'\n[evaluator]\n"
         "kind = 'processes'\nworkers = 2\n";
  const Outcome straight =
      run_bopp({"run", "exp.toml", "--output", "straight"}, {"misbehaving"}, "", folder);
  ASSERT_EQ(straight.exit_code, 0) << straight.err;

  const pid_t child = start_bopp({"run", "exp.toml", "--output", "r"}, {"misbehaving"}, folder);
  ASSERT_GT(child, 0);
  const bool started =
      wait_until([&] { return lines_in(folder / "r" / "evaluations.jsonl") >= 4; });
  ::kill(-child, SIGTERM);  // its whole group, as `timeout`, SLURM or a closed terminal send it
  const std::optional<int> status = wait_for_end(child);
  ASSERT_TRUE(started);
  ASSERT_TRUE(status) << "the run did not stop within a minute";
  ASSERT_TRUE(WIFEXITED(*status)) << "killed by signal " << WTERMSIG(*status);
  EXPECT_EQ(WEXITSTATUS(*status), 128 + SIGTERM);
  EXPECT_EQ(read_json(folder / "r" / "run.json")["status"], "stopped");
  for (const auto& line : host::read_evaluations(folder / "r" / "evaluations.jsonl")) {
    EXPECT_TRUE(line.ok) << "evaluation " << line.index << ": " << line.message;
  }

  const Outcome resumed = run_bopp({"resume", "r"}, {"misbehaving"}, "", folder);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto a = host::read_evaluations(folder / "straight" / "evaluations.jsonl");
  const auto b = host::read_evaluations(folder / "r" / "evaluations.jsonl");
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(b[i].ok) << i << ": " << b[i].message;
    EXPECT_EQ(a[i].seed, b[i].seed) << i;
    EXPECT_TRUE(same_bits(a[i].y, b[i].y)) << i;
    ASSERT_EQ(a[i].x.size(), b[i].x.size()) << i;
    for (std::size_t k = 0; k < a[i].x.size(); ++k) EXPECT_TRUE(same_bits(a[i].x[k], b[i].x[k]));
  }
}

}  // namespace
}  // namespace bopp::test
