// Options as a user passes them. `bopp run --set` and `bopp eval --set` with every bad form a
// user (or a script) may pass: each is a one-line error and exit status 1, never a crash; the
// valid forms take effect. -v and -vv: plugins' info, then debug, lines on the terminal.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace bopp::test {
namespace {
namespace fs = std::filesystem;

// Runs bopp with `args` exactly as given (no shell, so a newline in an argument stays in it).
Outcome bopp(const std::vector<std::string>& args) { return run_bopp(args, {"c", "misbehaving"}); }

fs::path experiment_file() {
  const fs::path file = fresh_folder("set-cli-experiment") / "exp.toml";
  std::ofstream(file) << "[run]\nbudget = 2\n[objective]\nname = 'c_quadratic'\n[algorithm]\n"
                         "name = 'random'\n";
  return file;
}

fs::path points_file() {
  const fs::path file = fresh_folder("set-cli-points") / "points.csv";
  std::ofstream(file) << "0.5,0.5\n";
  return file;
}

void expect_one_line_error(const Outcome& o, const std::string& argument) {
  EXPECT_TRUE(o.exited) << argument << ": ended by a signal";
  EXPECT_EQ(o.exit_code, 1) << argument << "\n" << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << argument << "\n" << o.err;
  EXPECT_EQ(o.err.rfind("bopp: error: ", 0), 0u) << argument << "\n" << o.err;
  EXPECT_NE(o.err.find("--set '"), std::string::npos) << argument << "\n" << o.err;
}

TEST(CliSetOption, RunRefusesEveryBadFormInOneLine) {
  const fs::path file = experiment_file();
  const std::vector<std::string> bad = {"run.x.y=1",
                                        "run..seed=1",
                                        "run.se ed=1",
                                        "run.\xc3\xa9=1",
                                        "run.seed=1#x",
                                        "run.seed=1\nrun.budget=5",
                                        "run.seed=1 2",
                                        "run.seed=",
                                        "run.seed",
                                        "=1",
                                        "run=1",
                                        "run.seed.x=1",
                                        "nosection.key=1",
                                        "run.seed=\"open",
                                        "run.seed=[1",
                                        "run.seed=1,",
                                        "run.seed=a b",
                                        "run.\"seed=1",
                                        "objective.name.x=1"};
  for (const std::string& argument : bad) {
    const fs::path record = fresh_folder("set-cli-record") / "r";
    expect_one_line_error(
        bopp({"run", file.string(), "--output", record.string(), "--set", argument}), argument);
  }
}

// A value a schema refuses is blamed on the --set that gave it, not on the experiment file,
// which lacks the key: a choice, a type and a range, in each kind of section.
TEST(CliSetOption, ARefusedValueIsBlamedOnItsSet) {
  const fs::path file = fresh_folder("set-cli-blame") / "exp.toml";
  std::ofstream(file) << "[run]\nbudget = 2\n[objective]\nname = 'c_quadratic'\n[algorithm]\n"
                         "name = 'bad_recommend_algorithm'\n";
  for (const std::string argument :
       {"algorithm.recommend=bogus", "algorithm.bad_recommend_algorithm.recommend=bogus",
        "evaluator.kind=bogus", "run.budget=-3", "objective.dim=true"}) {
    const fs::path record = fresh_folder("set-cli-blame-record") / "r";
    const Outcome o = bopp({"run", file.string(), "--output", record.string(), "--set", argument});
    expect_one_line_error(o, argument);
    EXPECT_EQ(o.err.rfind("bopp: error: --set '" + argument + "'", 0), 0u) << o.err;
  }
}

TEST(CliSetOption, RunAcceptsQuotedPaddedAndTypedForms) {
  const fs::path file = experiment_file();
  for (const std::string argument :
       {"run.\"seed\"=7", "run.seed =7", " run.seed = 7 ", "run.'seed'=7", "run.seed=7"}) {
    const fs::path record = fresh_folder("set-cli-record") / "r";
    const Outcome o = bopp({"run", file.string(), "--output", record.string(), "--set", argument});
    ASSERT_EQ(o.exit_code, 0) << argument << "\n" << o.err;
    const auto run = nlohmann::json::parse(read_text(record / "run.json"));
    EXPECT_EQ(run.at("seed").get<int>(), 7) << argument;
  }
  const fs::path record = fresh_folder("set-cli-record") / "r";
  const Outcome o = bopp({"run", file.string(), "--output", record.string(), "--set",
                          "algorithm.design=sobol", "--set", "objective.name=\"c_quadratic\""});
  EXPECT_EQ(o.exit_code, 0) << o.err;
}

TEST(CliUnsetOption, RemovesAKeyOfTheFileBeforeTheSetsAndRefusesAMissingOne) {
  const fs::path file = fresh_folder("unset-cli-experiment") / "exp.toml";
  std::ofstream(file) << "[run]\nbudget = 2\nseed = 5\n[objective]\nname = 'c_quadratic'\n"
                         "[algorithm]\nname = 'random'\ndesign = 'sobol'\n";
  const fs::path record = fresh_folder("unset-cli-record") / "r";
  const Outcome o = bopp({"run", file.string(), "--output", record.string(), "--unset", "run.seed",
                          "--unset", "algorithm.design", "--set", "run.budget=3"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto run = nlohmann::json::parse(read_text(record / "run.json"));
  EXPECT_EQ(run.at("seed").get<int>(), 0);  // the default, not the file's 5
  EXPECT_EQ(run.at("budget").get<int>(), 3);
  EXPECT_EQ(read_text(record / "experiment.toml").find("sobol"), std::string::npos);

  for (const std::string bad : {"run.sed", "run", "run.seed=1", "nosection.key", "run.x.y"}) {
    const Outcome refused =
        bopp({"run", file.string(), "--output", (fresh_folder("unset-cli-record") / "r").string(),
              "--unset", bad});
    EXPECT_EQ(refused.exit_code, 1) << bad << "\n" << refused.err;
    EXPECT_EQ(refused.err.rfind("bopp: error: ", 0), 0u) << refused.err;
    EXPECT_NE(refused.err.find("--unset '" + bad + "'"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  }
}

TEST(CliSetOption, EvalRefusesEveryBadFormInOneLine) {
  const fs::path points = points_file();
  const std::vector<std::string> bad = {"dim.x=1", ".dim=2",     "di m=2",  "\xc3\xa9=2",
                                        "dim=2#x", "dim=2\nx=1", "dim=2 3", "=2",
                                        "dim",     "dim=",       "dim=[2",  "\"dim=2"};
  for (const std::string& argument : bad) {
    expect_one_line_error(
        bopp({"eval", "c_quadratic", "--points", points.string(), "--set", argument}), argument);
  }
}

TEST(CliSetOption, EvalAcceptsQuotedAndPaddedKeys) {
  const fs::path points = points_file();
  for (const std::string argument : {"dim=2", "\"dim\"=2", " dim = 2 "}) {
    const Outcome o = bopp({"eval", "c_quadratic", "--points", points.string(), "--set", argument});
    EXPECT_EQ(o.exit_code, 0) << argument << "\n" << o.err;
    EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << o.out;
  }
}

// The number of stderr lines of `level` from `plugin`.
int log_lines(const std::string& err, const std::string& plugin, const std::string& level) {
  const std::string prefix = "[" + plugin + "] " + level + ": ";
  int n = 0;
  for (std::size_t at = err.find(prefix); at != std::string::npos; at = err.find(prefix, at + 1))
    ++n;
  return n;
}

TEST(CliVerbosity, RunShowsInfoWithVAndDebugWithVv) {
  const fs::path file = fresh_folder("verbosity") / "exp.toml";
  std::ofstream(file) << "[run]\nbudget = 2\n[objective]\nname = 'logging_objective'\n"
                         "[algorithm]\nname = 'logging_algorithm'\n";
  auto run = [&](const std::vector<std::string>& flags) {
    std::vector<std::string> args = flags;
    const fs::path record = fresh_folder("verbosity-record") / "r";
    args.insert(args.end(), {"run", file.string(), "--output", record.string()});
    const Outcome o = bopp(args);
    EXPECT_EQ(o.exit_code, 0) << o.err;
    return o.err;
  };
  const std::string quiet = run({});
  EXPECT_EQ(log_lines(quiet, "logging_objective", "warning"), 2);
  EXPECT_EQ(log_lines(quiet, "logging_objective", "error"), 2);
  EXPECT_EQ(log_lines(quiet, "logging_objective", "info"), 0);
  EXPECT_EQ(log_lines(quiet, "logging_algorithm", "debug"), 0);
  const std::string v = run({"-v"});
  EXPECT_EQ(log_lines(v, "logging_objective", "info"), 2);
  EXPECT_EQ(log_lines(v, "logging_algorithm", "info"), 4);  // created, awkward, two asks
  EXPECT_EQ(log_lines(v, "logging_algorithm", "debug"), 0);
  for (const auto& flags : {std::vector<std::string>{"-vv"}, {"-v", "-v"}, {"--verbose", "-v"}}) {
    const std::string vv = run(flags);
    EXPECT_EQ(log_lines(vv, "logging_objective", "debug"), 2) << flags[0];
    EXPECT_EQ(log_lines(vv, "logging_algorithm", "debug"), 3) << flags[0];
  }
}

TEST(CliVerbosity, EvalShowsInfoWithVAndDebugWithVv) {
  const fs::path points = points_file();
  auto eval = [&](const std::vector<std::string>& flags) {
    std::vector<std::string> args = flags;
    args.insert(args.end(), {"eval", "logging_objective", "--points", points.string()});
    const Outcome o = bopp(args);
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.out, "0.5\n");
    return o.err;
  };
  const std::string quiet = eval({});
  EXPECT_EQ(log_lines(quiet, "logging_objective", "warning"), 1);
  EXPECT_EQ(log_lines(quiet, "logging_objective", "info"), 0);
  const std::string v = eval({"-v"});
  EXPECT_EQ(log_lines(v, "logging_objective", "info"), 1);
  EXPECT_EQ(log_lines(v, "logging_objective", "debug"), 0);
  const std::string vv = eval({"-vv"});
  EXPECT_EQ(log_lines(vv, "logging_objective", "info"), 1);
  EXPECT_EQ(log_lines(vv, "logging_objective", "debug"), 1);
}

}  // namespace
}  // namespace bopp::test
