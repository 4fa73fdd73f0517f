// The mpi evaluator, run as a user runs it: `mpirun -n 3 bopp run exp.toml`. The same record
// as serial, a crash in the objective costs exactly its evaluation, and a rank killed with
// SIGKILL costs only the point it was evaluating.
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "crashing_objective_faults.hpp"
#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

extern char** environ;

namespace bopp::host {
namespace {

namespace fs = std::filesystem;

std::optional<fs::path> find_mpirun() {
  const char* path = std::getenv("PATH");
  std::istringstream folders(path != nullptr ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');) {
    const fs::path candidate = fs::path(folder) / "mpirun";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

#define SKIP_WITHOUT_MPIRUN() \
  if (!find_mpirun()) GTEST_SKIP() << "mpirun is not installed (openmpi-bin)"

// mpirun's environment: root allowed (CI runs as root), the test plugins, and OpenMPI's own
// allocations kept out of LeakSanitizer's report in the asan preset.
void set_mpirun_environment(const std::string& plugin_folder) {
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  ::setenv(
      "BOPP_PLUGIN_PATH",
      (test::plugin_dir().string() + ":" + test::test_plugin_dir(plugin_folder).string()).c_str(),
      1);
  // OpenMPI unloads its components at MPI_Finalize, which leaves their frames nameless in a
  // leak report; kept loaded, and with full stacks (through libc's uninstrumented frames), every
  // leak of OpenMPI's names one of its libraries, and only those are suppressed.
  ::setenv("OMPI_MCA_mca_base_component_disable_dlclose", "1", 1);
  const char* old = std::getenv("LSAN_OPTIONS");
  const std::string suppressions = std::string("suppressions=") + BOPP_TEST_SOURCE_DIR +
                                   "/tests/host/run/openmpi_leaks.supp:fast_unwind_on_malloc=0";
  std::string lsan = old != nullptr ? old : "";
  if (lsan.find(suppressions) == std::string::npos) {
    ::setenv("LSAN_OPTIONS", (lsan.empty() ? suppressions : lsan + ":" + suppressions).c_str(), 1);
  }
}

// `mpirun -n ranks ... bopp run exp.toml -o record`, started in `folder` with its output in
// folder/mpirun.out; returns its pid. With `recovery`, mpirun --enable-recovery.
pid_t start_mpirun(const fs::path& folder, int ranks, const std::string& plugin_folder,
                   bool recovery = true) {
  set_mpirun_environment(plugin_folder);
  const std::string mpirun = find_mpirun()->string();
  const std::string bopp = test::bopp_program().string();
  const std::string n = std::to_string(ranks);
  const std::string out = (folder / "mpirun.out").string();
  const std::string exp = (folder / "exp.toml").string();
  const std::string record = (folder / "record").string();
  std::vector<std::string> args = {mpirun, "-n", n, "--oversubscribe"};
  if (recovery) args.emplace_back("--enable-recovery");
  args.insert(args.end(), {"-x", "LSAN_OPTIONS", bopp, "run", exp, "-o", record});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return rc == 0 ? pid : -1;
}

// Waits for mpirun to end; a job still running after `limit` is a hang: it is killed, whole,
// and the test fails.
bool ends_within(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(-pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return false;
}

// Runs the experiment `text` under `mpirun -n 3`; the record's folder.
fs::path run_under_mpirun(const std::string& text, const std::string& folder_name,
                          const std::string& plugin_folder) {
  const fs::path folder = test::fresh_folder(folder_name);
  std::ofstream(folder / "exp.toml") << text;
  const pid_t pid = start_mpirun(folder, 3, plugin_folder);
  EXPECT_GT(pid, 0);
  EXPECT_TRUE(ends_within(pid, std::chrono::seconds(120)))
      << test::read_text(folder / "mpirun.out");
  return folder / "record";
}

std::string experiment_text(const std::string& objective, const std::string& evaluator,
                            int budget) {
  return "[run]\nbudget = " + std::to_string(budget) + "\nbatch = 6\nseed = 4\n[objective]\n" +
         objective + "\n[algorithm]\nname = 'random'\n[evaluator]\n" + evaluator + "\n";
}

std::string status_of(const fs::path& record) {
  const nlohmann::json run = nlohmann::json::parse(test::read_text(record / "run.json"), nullptr,
                                                   /*allow_exceptions=*/false);
  return run.is_object() ? run.value("status", "") : "";
}

// The evaluations of the same experiment run in this process with the serial evaluator.
std::vector<RecordedEvaluation> serial_evaluations(const std::string& objective, int budget,
                                                   const std::string& folder_name) {
  const PluginRegistry registry({test::plugin_dir()});
  Experiment serial =
      Experiment::parse(experiment_text(objective, "kind = 'serial'", budget), "serial.toml");
  serial.output = (test::fresh_folder(folder_name) / "record").string();
  serial.resolve_plugins(registry);
  return read_evaluations(run_experiment(serial, registry, test::quiet_run_options()).record /
                          "evaluations.jsonl");
}

TEST(MpiEvaluator, GivesTheSerialRecordBitForBitOnANoisyObjective) {
  SKIP_WITHOUT_MPIRUN();
  const std::string objective =
      "name = 'gpsample'\nkind = 'posterior_mean'\ndim = 3\nseed = 2\nnoise_std = 0.3";
  const auto expected = serial_evaluations(objective, 24, "serial");
  const fs::path record =
      run_under_mpirun(experiment_text(objective, "kind = 'mpi'", 24), "mpi", "crashing");
  const auto got = read_evaluations(record / "evaluations.jsonl");
  ASSERT_EQ(expected.size(), 24u);
  ASSERT_EQ(got.size(), 24u) << test::read_text(record.parent_path() / "mpirun.out");
  for (std::size_t i = 0; i < expected.size(); ++i) {
    ASSERT_TRUE(got[i].ok) << got[i].message;
    EXPECT_EQ(expected[i].x, got[i].x) << i;
    EXPECT_EQ(std::memcmp(&expected[i].y, &got[i].y, sizeof(double)), 0) << i;
    EXPECT_EQ(expected[i].seed, got[i].seed) << i;
  }
  EXPECT_NE(test::read_text(record / "run.json").find("\"mpi (2 ranks)\""), std::string::npos);
}

// Asynchronous under mpirun: each evaluating rank is given a point as soon as it is free; the
// values by index are the serial run's.
TEST(MpiEvaluator, AnAsynchronousRunKeepsTheSerialValuesAndRecordsPendingPoints) {
  SKIP_WITHOUT_MPIRUN();
  const std::string objective =
      "name = 'gpsample'\nkind = 'posterior_mean'\ndim = 3\nseed = 2\nnoise_std = 0.3";
  const auto expected = serial_evaluations(objective, 12, "async-serial");
  const fs::path record = run_under_mpirun(
      experiment_text(objective, "kind = 'mpi'\nasync = true", 12), "async-mpi", "crashing");
  EXPECT_EQ(status_of(record), "completed") << test::read_text(record.parent_path() / "mpirun.out");
  auto got = read_evaluations(record / "evaluations.jsonl");
  std::sort(got.begin(), got.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  ASSERT_EQ(got.size(), 12u) << test::read_text(record.parent_path() / "mpirun.out");
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(got[i].index, i);
    EXPECT_EQ(expected[i].x, got[i].x) << i;
    EXPECT_EQ(std::memcmp(&expected[i].y, &got[i].y, sizeof(double)), 0) << i;
  }
  const std::string asks = test::read_text(record / "batches.jsonl");
  EXPECT_NE(asks.find("\"pending\":[]"), std::string::npos) << asks;
}

TEST(MpiEvaluator, CrashExitAndHangCostExactlyTheirOwnEvaluations) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path record = run_under_mpirun(
      experiment_text("name = 'crashing_objective'", "kind = 'mpi'\ntimeout_s = 0.3", 24),
      "crashing", "crashing");
  EXPECT_EQ(status_of(record), "completed");
  const auto lines = read_evaluations(record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 24u) << test::read_text(record.parent_path() / "mpirun.out");
  std::uint64_t failed = 0;
  for (const auto& l : lines) {
    EXPECT_EQ(l.ok, l.x[0] >= 0.4) << l.x[0] << ": " << l.message;
    if (!l.ok) ++failed;
    const char* reason = test::crashing_objective_fault(l.x[0]);
    EXPECT_NE(l.message.find(reason), std::string::npos) << l.message;
    if (l.ok) {
      EXPECT_EQ(l.y, l.x[0] + l.x[1]);
    }
  }
  EXPECT_GT(failed, 0u);
}

// The pid of rank `rank` among mpirun's children.
std::optional<pid_t> rank_process(pid_t mpirun, int rank) {
  const std::string wanted = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    pid_t parent = 0;
    rest >> state >> parent;
    if (parent != mpirun) continue;
    std::ifstream environment(entry.path() / "environ");
    for (std::string variable; std::getline(environment, variable, '\0');) {
      if (variable == wanted) return std::stoi(name);
    }
  }
  return std::nullopt;
}

std::size_t lines_in(const fs::path& file) {
  std::ifstream in(file);
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  return lines;
}

// Starts `budget` evaluations of a slow objective under mpirun -n 3 in `folder`, kills rank
// `rank` with SIGKILL once the first batch is on disk, and waits for the job to end; false
// (with a test failure) when the rank was not found or the job did not end.
bool kill_rank_mid_run(const fs::path& folder, int budget, int rank, bool recovery) {
  std::ofstream(folder / "exp.toml")
      << experiment_text("name = 'slow_objective'\nsleep_ms = 50", "kind = 'mpi'", budget);
  const pid_t mpirun = start_mpirun(folder, 3, "misbehaving", recovery);
  EXPECT_GT(mpirun, 0);
  if (mpirun <= 0) return false;
  std::optional<pid_t> victim;
  for (int tries = 0; tries < 6000 && !victim; ++tries) {
    if (lines_in(folder / "record" / "evaluations.jsonl") >= 6) victim = rank_process(mpirun, rank);
    if (!victim) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(victim) << test::read_text(folder / "mpirun.out");
  if (victim) {
    EXPECT_EQ(::kill(*victim, SIGKILL), 0);
  }
  const bool ended = ends_within(mpirun, std::chrono::seconds(120));
  EXPECT_TRUE(ended) << "the job hung after rank " << rank << " was killed\n"
                     << test::read_text(folder / "mpirun.out");
  return victim && ended;
}

TEST(MpiEvaluator, KilledRankCostsOnlyThePointItWasEvaluating) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path folder = test::fresh_folder("killed");
  // After the first batch, 19 batches of 6 points of 50 ms are left: rank 2 dies mid-run.
  const int budget = 120;
  ASSERT_TRUE(kill_rank_mid_run(folder, budget, 2, /*recovery=*/true));
  EXPECT_EQ(status_of(folder / "record"), "completed") << test::read_text(folder / "mpirun.out");
  const auto lines = read_evaluations(folder / "record" / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(budget));
  std::size_t failed = 0;
  for (const auto& l : lines) {
    if (l.ok) continue;
    ++failed;
    EXPECT_EQ(l.message, "rank 2 of the MPI job ended while evaluating");
  }
  EXPECT_LE(failed, 1u);
}

TEST(MpiEvaluator, KilledRankWithoutRecoveryEndsTheJobWithTheBatchesWritten) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path folder = test::fresh_folder("killed-no-recovery");
  ASSERT_TRUE(kill_rank_mid_run(folder, 120, 2, /*recovery=*/false));
  // mpirun ended the job: the record holds whole batches and is read back whole.
  const std::string status = status_of(folder / "record");
  EXPECT_TRUE(status == "running" || status == "stopped" || status == "failed") << status;
  const auto lines = read_evaluations(folder / "record" / "evaluations.jsonl");
  EXPECT_GE(lines.size(), 6u);
  EXPECT_EQ(lines.size() % 6, 0u);
  EXPECT_NE(test::read_text(folder / "mpirun.out").find("--enable-recovery"), std::string::npos);
}

TEST(MpiEvaluator, KilledRankZeroEndsEveryRank) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path folder = test::fresh_folder("killed-root");
  ASSERT_TRUE(kill_rank_mid_run(folder, 120, 0, /*recovery=*/true));
  EXPECT_GE(lines_in(folder / "record" / "evaluations.jsonl"), 6u);
}

TEST(MpiEvaluator, SingleRankIsOneLineSayingHowToStartIt) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path folder = test::fresh_folder("one-rank");
  std::ofstream(folder / "exp.toml")
      << experiment_text("name = 'crashing_objective'", "kind = 'mpi'", 6);
  const pid_t mpirun = start_mpirun(folder, 1, "crashing");
  ASSERT_GT(mpirun, 0);
  ASSERT_TRUE(ends_within(mpirun, std::chrono::seconds(120)));
  const std::string out = test::read_text(folder / "mpirun.out");
  EXPECT_NE(out.find("needs an MPI job: start the run as `mpirun -n K bopp run"), std::string::npos)
      << out;
  EXPECT_FALSE(fs::exists(folder / "record"));
}

TEST(MpiEvaluator, WithoutMpirunIsOneLineSayingHowToStartIt) {
  const fs::path folder = test::fresh_folder("no-mpirun");
  std::ofstream(folder / "exp.toml")
      << experiment_text("name = 'crashing_objective'", "kind = 'mpi'", 6);
  const test::Outcome outcome =
      test::run_bopp({"run", "exp.toml", "-o", "record"}, {"crashing"}, "", folder);
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_NE(outcome.err.find("mpirun -n K bopp run"), std::string::npos) << outcome.err;
  EXPECT_EQ(outcome.err.find('\n'), outcome.err.size() - 1) << outcome.err;
  EXPECT_FALSE(fs::exists(folder / "record"));
}

// A failure message whose bytes are not UTF-8 (a program's output, cut mid-character), sent
// from a rank: recorded with U+FFFD, the run completes and its record parses.
TEST(MpiEvaluator, AMessageThatIsNotUtf8FromARankIsRecordedReplaced) {
  SKIP_WITHOUT_MPIRUN();
  const fs::path script = test::fresh_folder("mpi-bytes-script") / "bad-bytes.sh";
  std::ofstream(script) << "cat > /dev/null\nprintf 'y \\377 cut \\342\\202\\n'\n";
  const std::string objective = "name = 'command'\nargv = '[\"sh\", \"" + script.string() +
                                "\"]'\nlower = [0.0]\nupper = [1.0]";
  const fs::path record =
      run_under_mpirun(experiment_text(objective, "kind = 'mpi'", 6), "mpi-bytes", "crashing");
  EXPECT_EQ(status_of(record), "completed") << test::read_text(record.parent_path() / "mpirun.out");
  const auto got = read_evaluations(record / "evaluations.jsonl");  // throws on a bad line
  ASSERT_EQ(got.size(), 6u);
  EXPECT_NE(got[0].message.find("\xEF\xBF\xBD"), std::string::npos) << got[0].message;
}

}  // namespace
}  // namespace bopp::host
