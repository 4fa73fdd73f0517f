// The run record as `bopp run` leaves it on disk: a user's folder is never written into, and a
// full disk ends the run `failed` with every recorded line whole.
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

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
  EXPECT_FALSE(fs::exists(folder / ".bopp.lock"));  // a refused run leaves no lock file
}

TEST(RunRecordCli, AFullDiskEndsTheRunFailedWithWholeLines) {
  const fs::path experiment = fresh_folder("full-disk-experiment") / "exp.toml";
  std::ofstream(experiment) << kExperiment;
  const fs::path record = fresh_folder("full-disk") / "r";
  const Outcome o = run_bopp_with_file_size_limit(
      {"run", experiment.string(), "--output", record.string()}, {"c"}, 64 * 1024);
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
