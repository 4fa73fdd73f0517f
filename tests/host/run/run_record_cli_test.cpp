// The run record as `bopp run` leaves it on disk: a user's folder is never written into, and a
// full disk ends the run `failed` with every recorded line whole.
#include <bopp/host/run/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExperiment =
    "[run]\nbudget = 5000\nbatch = 10\n[objective]\nname = 'c_quadratic'\ndim = 5\n"
    "[algorithm]\nname = 'random'\n";

// With `output = "."`, the folder holding the user's own experiment.toml is the output folder:
// the run is refused before it writes anything, and the user's file is left as it was.
TEST(RunRecordCli, AUsersExperimentFileIsNeverReplaced) {
  const fs::path folder = fresh_folder("users-folder");
  const std::string text =
      "# my experiment\n[run]\nbudget = 20\noutput = '.'\n[objective]\nname = 'c_quadratic'\n"
      "[algorithm]\nname = 'random'\n";
  std::ofstream(folder / "experiment.toml") << text;
  const Outcome o = run_bopp({"run", "experiment.toml"}, {"c"}, "", folder);
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("the output folder '.' is not empty and holds no bopp run record (found "
                       "'experiment.toml')"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  EXPECT_EQ(read_text(folder / "experiment.toml"), text);
  EXPECT_FALSE(fs::exists(folder / "run.json"));
  EXPECT_FALSE(fs::exists(folder / "evaluations.jsonl"));
}

// Runs `bopp run` with files limited to `limit` bytes (RLIMIT_FSIZE; SIGXFSZ ignored, so a
// write past it fails with EFBIG as on a full disk), without root or a small file system.
Outcome run_with_file_size_limit(const std::vector<std::string>& args, rlim_t limit) {
  const fs::path io = fresh_folder("limited-io");
  const std::string program = bopp_program().string();
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string plugins = test_plugin_dir("c").string();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open((io / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open((io / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) ::_exit(126);
    ::dup2(out, 1);
    ::dup2(err, 2);
    std::signal(SIGXFSZ, SIG_IGN);  // an ignored signal stays ignored across exec
    const rlimit r{limit, limit};
    ::setrlimit(RLIMIT_FSIZE, &r);
    ::setenv("BOPP_PLUGIN_PATH", plugins.c_str(), 1);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {WIFEXITED(status), WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(io / "out"),
          read_text(io / "err")};
}

TEST(RunRecordCli, AFullDiskEndsTheRunFailedWithWholeLines) {
  const fs::path experiment = fresh_folder("full-disk-experiment") / "exp.toml";
  std::ofstream(experiment) << kExperiment;
  const fs::path record = fresh_folder("full-disk") / "r";
  const Outcome o = run_with_file_size_limit(
      {"run", experiment.string(), "--output", record.string()}, 64 * 1024);
  ASSERT_TRUE(o.exited) << o.err;
  EXPECT_EQ(o.exit_code, 1) << o.err;
  const std::string names_the_folder = "cannot write the run record '" + record.string() + "': ";
  EXPECT_NE(o.err.find(names_the_folder + "evaluations.jsonl: File too large"), std::string::npos)
      << o.err;
  EXPECT_EQ(o.err.find(".tmp"), std::string::npos) << o.err;

  std::ifstream in(record / "run.json");
  const auto run = nlohmann::json::parse(in);
  EXPECT_EQ(run["status"], "failed");
  EXPECT_NE(run["message"].get<std::string>().find(names_the_folder), std::string::npos) << run;
  const auto lines = host::read_evaluations(record / "evaluations.jsonl");  // throws if torn
  ASSERT_GT(lines.size(), 0u);
  EXPECT_LT(lines.size(), 5000u);
  EXPECT_EQ(run["evaluations"], lines.size());
  const std::string text = read_text(record / "evaluations.jsonl");
  EXPECT_EQ(text.back(), '\n');
}

// sync_interval_s is a [run] key like any other: checked, and recorded in experiment.toml.
TEST(RunRecordCli, SyncIntervalIsARunKeyRecordedInTheExperiment) {
  const fs::path experiment = fresh_folder("sync-key") / "exp.toml";
  std::ofstream(experiment) << kExperiment;
  const fs::path record = fresh_folder("sync-key-record") / "r";
  const Outcome o = run_bopp({"run", experiment.string(), "--output", record.string(), "--set",
                              "run.sync_interval_s=0.25", "--set", "run.budget=40"},
                             {"c"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(read_text(record / "experiment.toml").find("sync_interval_s = 0.25"),
            std::string::npos);
  const Outcome bad = run_bopp({"run", experiment.string(), "--output", record.string(),
                                "--overwrite", "--set", "run.sync_interval_s=-1"},
                               {"c"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("sync_interval_s"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace bopp::test
