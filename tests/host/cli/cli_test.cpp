// The bopp program, run as a user runs it.
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace bopp::test {
namespace {

// Runs `bopp ARGS` through the shell, with the test plugin folders on the search path.
Outcome bopp(const std::string& args, const std::string& stdin_text = "") {
  return run_bopp_line(args, {"c", "misbehaving"}, stdin_text);
}

std::filesystem::path write_experiment(const std::string& body) {
  const auto path = fresh_folder("experiment") / "exp.toml";
  std::ofstream(path) << body;
  return path;
}

TEST(Cli, VersionAndHelp) {
  const Outcome v = bopp("--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_NE(v.out.find("plugin ABI 1."), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("OpenBLAS kernels: "), std::string::npos) << v.out;
  const Outcome h = bopp("--help");
  EXPECT_EQ(h.exit_code, 0);
  EXPECT_NE(h.out.find("--plugin-path"), std::string::npos);
}

TEST(Cli, VersionNamesTheOpenBlasKernelsTheUserAskedFor) {
  const char* before = std::getenv("OPENBLAS_CORETYPE");
  const std::string kept = before == nullptr ? "" : before;
  ::setenv("OPENBLAS_CORETYPE", "Haswell", 1);
  const Outcome v = bopp("--version");
  if (kept.empty()) {
    ::unsetenv("OPENBLAS_CORETYPE");
  } else {
    ::setenv("OPENBLAS_CORETYPE", kept.c_str(), 1);
  }
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_NE(v.out.find("OpenBLAS kernels: Haswell (OPENBLAS_CORETYPE, as the environment sets it)"),
            std::string::npos)
      << v.out;
}

TEST(Cli, ListShowsRandomAndTheTestPlugins) {
  const Outcome o = bopp("list");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("random"), std::string::npos);
  EXPECT_NE(o.out.find("c_quadratic"), std::string::npos);
}

TEST(Cli, DescribeShowsTheParameterSchema) {
  const Outcome o = bopp("describe random");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("design"), std::string::npos);
  EXPECT_NE(o.out.find("uniform|sobol"), std::string::npos);
  const Outcome bad = bopp("describe randon");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("did you mean 'random'"), std::string::npos) << bad.err;
}

TEST(Cli, RunPrintsTheBestValueAndTheRecordFolder) {
  const auto record = fresh_folder("record") / "r";
  const auto file = write_experiment(
      "[run]\nbudget = 16\nbatch = 4\n[objective]\nname = 'c_quadratic'\n[algorithm]\nname = "
      "'random'\n");
  const Outcome o =
      bopp("run '" + file.string() + "' --output '" + record.string() + "' --set run.seed=4");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("best value "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("known optimum 0, simple regret "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(" (raw difference "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("run record: " + record.string()), std::string::npos) << o.out;
  EXPECT_EQ(host::read_evaluations(record / "evaluations.jsonl").size(), 16u);
  // A second run into the same folder is refused, not silently mixed.
  const Outcome again = bopp("run '" + file.string() + "' --output '" + record.string() + "'");
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("already holds a run"), std::string::npos) << again.err;
}

TEST(Cli, ATypoIsOneLineNamingFileLineAndKey) {
  const auto file = write_experiment(
      "[run]\nbudget = 16\n[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\ndesgn "
      "= 'sobol'\n");
  const Outcome o = bopp("run '" + file.string() + "'");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find(file.string() + ":7: [algorithm] unknown key 'desgn'"), std::string::npos)
      << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

TEST(Cli, UnwritableOutputFolderFailsBeforeAnyEvaluation) {
  const auto folder = fresh_folder("blocked");
  std::ofstream(folder / "file") << "x";
  const auto file =
      write_experiment("[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\n");
  const Outcome o =
      bopp("run '" + file.string() + "' --output '" + (folder / "file" / "run").string() + "'");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("cannot write the run record"), std::string::npos) << o.err;
}

TEST(Cli, EvalPrintsOneValuePerRow) {
  const Outcome o = bopp("eval c_quadratic --set dim=2 --points -",
                         "x0,x1\n0.3,0.3\n0.3 1.3\n# comment\n1,0.3\n");
  // 1.3 is outside [0, 1]: the whole call is refused, naming the point.
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("point 2 is outside the bounds"), std::string::npos) << o.err;
  const Outcome ok = bopp("eval c_quadratic --points -", "0.3,0.3\n1,0.3\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "0\n0.48999999999999994\n");  // 0.7 * 0.7 in doubles, all 17 digits
}

TEST(Cli, EvalMistypedKeySuggestsTheClosest) {
  const Outcome o = bopp("eval c_quadratic --set dimm=2 --points -", "0.3,0.3\n");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("unknown key 'dimm'"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("(did you mean 'dim'?)"), std::string::npos) << o.err;
}

TEST(Cli, HelpListsEveryCommand) {
  const Outcome h = bopp("--help");
  for (const char* command : {"list [--paths]", "describe NAME", "run FILE.toml", "resume DIR",
                              "eval OBJECTIVE", "bench GRID.toml", "report DIR..."}) {
    EXPECT_NE(h.out.find(std::string("\n  ") + command), std::string::npos) << command;
  }
  const Outcome unknown = bopp("frobnicate");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("commands: list, describe, run, resume, eval, bench, report"),
            std::string::npos)
      << unknown.err;
}

TEST(Cli, EvalReportsAFailedPointAndExitsNonZero) {
  const Outcome o = bopp("eval throwing_objective --points -", "0.1,0.1\n0.9,0.1\n");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.out, "0.020000000000000004\nnan\n");
  EXPECT_NE(o.err.find("point 2 failed: boom at x0 > 0.5"), std::string::npos) << o.err;
}

TEST(Cli, OptionOfAnotherCommandIsAUsageError) {
  const Outcome o = bopp("list --points x.csv");
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("--points does not apply"), std::string::npos) << o.err;
}

TEST(Cli, KilledRunKeepsEveryRecordedLineValid) {
  const auto record = fresh_folder("killed") / "r";
  const auto file = write_experiment(
      "[run]\nbudget = 100000\nbatch = 3\n[objective]\nname = 'slow_objective'\nsleep_ms = 2.0\n"
      "[algorithm]\nname = 'random'\n");
  const std::string path_env = test_plugin_dir("misbehaving").string();
  const pid_t child = fork();
  if (child == 0) {
    ::setenv("BOPP_PLUGIN_PATH", path_env.c_str(), 1);
    const std::string program = bopp_program().string();
    const std::string output = record.string();
    const std::string input = file.string();
    ::execl(program.c_str(), program.c_str(), "run", input.c_str(), "--output", output.c_str(),
            static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  ASSERT_GT(child, 0);
  // Wait until at least 30 evaluations are on disk, then kill without warning.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::size_t seen = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(record / "evaluations.jsonl");
    seen = static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
    if (seen >= 30) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_GE(seen, 30u);
  const auto lines = host::read_evaluations(record / "evaluations.jsonl");  // throws on a bad line
  EXPECT_GE(lines.size(), seen);
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i].index, i);
  std::ifstream in(record / "run.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["status"], "running");
}

}  // namespace
}  // namespace bopp::test
