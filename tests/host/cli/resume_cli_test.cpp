// `bopp resume DIR` as a user runs it: `bopp run` killed with SIGKILL at pseudo-random
// moments and resumed ends with the uninterrupted run's record; a complete run, a folder
// without a record and a busy folder each get their one line; SIGINT stops a resumed run as it
// stops a run.
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include "comparable_run_json.hpp"

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
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Polls `done` every millisecond for up to two minutes (sanitizer builds start slowly).
bool wait_until(const std::function<bool()>& done) {
  const auto deadline = Clock::now() + std::chrono::minutes(2);
  while (Clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

std::size_t lines_in(const fs::path& file) {
  std::ifstream in(file);
  return static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
}

nlohmann::json read_json(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in, nullptr, false);
}

Outcome bopp(const std::vector<std::string>& args, const fs::path& folder) {
  return run_bopp(args, {"misbehaving"}, "", folder);
}

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A noisy objective, slow enough to be killed in the middle, in batches of 3 that do not
// divide the budget: a kill often cuts a batch.
fs::path noisy_experiment(const fs::path& folder, std::uint64_t budget) {
  const fs::path file = folder / "exp.toml";
  std::ofstream(file) << "[run]\nseed = 9\nbudget = " << budget
                      << "\nbatch = 3\n[objective]\nname = 'slow_objective'\nsleep_ms = 3.0\n"
                         "noise = 0.2\n[algorithm]\nname = 'random'\n";
  return file;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Whether `actual` holds the run `expected` holds: every evaluation's index, batch, x, y,
// status and seed to the bit, and run.json but its times.
::testing::AssertionResult same_run(const fs::path& expected, const fs::path& actual) {
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
  const nlohmann::json ja = comparable_run_json(expected);
  const nlohmann::json jb = comparable_run_json(actual);
  if (ja != jb) return ::testing::AssertionFailure() << ja.dump() << "\n" << jb.dump();
  return ::testing::AssertionSuccess();
}

TEST(ResumeCli, KilledAtRandomMomentsAndResumedEqualsTheUninterruptedRun) {
  const fs::path folder = fresh_folder("kills");
  const std::uint64_t budget = 16;
  noisy_experiment(folder, budget);
  const Outcome straight = bopp({"run", "exp.toml", "--output", "straight"}, folder);
  ASSERT_EQ(straight.exit_code, 0) << straight.err;

  std::mt19937_64 generator(20261124);  // fixed: the same kill points every time
  int cut = 0, complete = 0;
  for (int trial = 0; trial < 20; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const std::string record = "killed" + std::to_string(trial);
    // Killed once `after` lines are on disk (and a little later), wherever the run is then.
    const std::size_t after = 1 + generator() % (budget - 1);
    const auto delay = std::chrono::microseconds(generator() % 3000);
    const pid_t run = start_bopp({"run", "exp.toml", "--output", record}, {"misbehaving"}, folder);
    ASSERT_GT(run, 0);
    int status = 0;
    bool ended = false;
    ASSERT_TRUE(wait_until([&] {
      ended = ::waitpid(run, &status, WNOHANG) == run;
      return ended || lines_in(folder / record / "evaluations.jsonl") >= after;
    }));
    if (!ended) {  // a child already waited for is not signalled: its id may be another's
      std::this_thread::sleep_for(delay);
      ::kill(run, SIGKILL);
      ::waitpid(run, &status, 0);
    }

    const bool was_complete = read_json(folder / record / "run.json")["status"] == "completed";
    const Outcome resumed = bopp({"resume", record}, folder);
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    if (was_complete) {
      ++complete;
      EXPECT_EQ(resumed.out,
                "the run in '" + record + "' is already complete; nothing to resume\n");
    } else {
      ++cut;
      EXPECT_NE(resumed.out.find("run record: " + record), std::string::npos) << resumed.out;
    }
    EXPECT_TRUE(same_run(folder / "straight", folder / record));
  }
  // Not an assertion on timing: how many kills cut the run, for the test's log.
  std::printf("%d runs cut and resumed, %d complete before the kill\n", cut, complete);
}

TEST(ResumeCli, ACompleteRunAndAFolderWithoutARecordGetOneLine) {
  const fs::path folder = fresh_folder("lines");
  noisy_experiment(folder, 4);
  ASSERT_EQ(bopp({"run", "exp.toml", "--output", "done"}, folder).exit_code, 0);
  const std::string before = read_text(folder / "done" / "run.json");
  const Outcome complete = bopp({"resume", "done"}, folder);
  EXPECT_EQ(complete.exit_code, 0);
  EXPECT_EQ(complete.out, "the run in 'done' is already complete; nothing to resume\n");
  EXPECT_EQ(read_text(folder / "done" / "run.json"), before);

  fs::create_directories(folder / "mine");
  std::ofstream(folder / "mine" / "notes.txt") << "mine\n";
  const Outcome foreign = bopp({"resume", "mine"}, folder);
  EXPECT_EQ(foreign.exit_code, 1);
  EXPECT_EQ(line_count(foreign.err), 1u) << foreign.err;
  EXPECT_NE(foreign.err.find("cannot resume 'mine': it holds no bopp run record"),
            std::string::npos)
      << foreign.err;

  const Outcome usage = bopp({"resume"}, folder);
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("expected one run record folder DIR"), std::string::npos);
}

TEST(ResumeCli, ABusyFolderIsRefusedAndSigintStopsAResumedRun) {
  const fs::path folder = fresh_folder("busy");
  noisy_experiment(folder, 100000);
  const pid_t run = start_bopp({"run", "exp.toml", "--output", "r"}, {"misbehaving"}, folder);
  ASSERT_TRUE(wait_until([&] { return lines_in(folder / "r" / "evaluations.jsonl") >= 3; }));
  const Outcome busy = bopp({"resume", "r"}, folder);
  EXPECT_EQ(busy.exit_code, 1);
  EXPECT_EQ(line_count(busy.err), 1u) << busy.err;
  EXPECT_NE(busy.err.find("the run folder 'r' is in use by process " + std::to_string(run)),
            std::string::npos)
      << busy.err;
  ::kill(run, SIGKILL);
  int status = 0;
  ::waitpid(run, &status, 0);

  // `bopp run` into the killed run's folder points at `bopp resume`.
  const Outcome again = bopp({"run", "exp.toml", "--output", "r"}, folder);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("status 'running': `bopp resume r` continues it"), std::string::npos)
      << again.err;

  // SIGINT ends a resumed run after its batch, recorded `stopped`, as it ends a run.
  const std::size_t recorded = lines_in(folder / "r" / "evaluations.jsonl");
  const pid_t resume = start_bopp({"resume", "r"}, {"misbehaving"}, folder);
  ASSERT_TRUE(
      wait_until([&] { return lines_in(folder / "r" / "evaluations.jsonl") >= recorded + 3; }));
  ::kill(resume, SIGINT);
  ASSERT_EQ(::waitpid(resume, &status, 0), resume);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT) << read_text(folder / "err.txt");
  const nlohmann::json j = read_json(folder / "r" / "run.json");
  EXPECT_EQ(j["status"], "stopped");
  const auto lines = host::read_evaluations(folder / "r" / "evaluations.jsonl");
  EXPECT_EQ(j["evaluations"], lines.size());
  EXPECT_NE(j["message"].get<std::string>().find("stopped by SIGINT after " +
                                                 std::to_string(lines.size()) + " evaluations"),
            std::string::npos)
      << j["message"];
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i].index, i);
}

}  // namespace
}  // namespace bopp::test
