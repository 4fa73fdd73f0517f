// The command objective through the host's loader: a point goes to a helper program (no
// shell) as JSON or arguments, and every way the program can fail is a failed evaluation; the
// program's processes are bounded in time, output and descriptors, serially and in workers.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

const HostServices& services() {
  static const HostServices s("command", stderr_log_sink(BOPP_LOG_ERROR), nullptr, 1);
  return s;
}

// The objective running command_helper with `args` (JSON strings), and `more` config lines.
std::unique_ptr<Objective> helper(const std::string& args, const std::string& more = "") {
  const std::string config = "argv = '[\"" COMMAND_HELPER "\", " + args +
                             "]'\nlower = [0.0, 0.0]\nupper = [1.0, 1.0]\n" + more;
  return std::make_unique<Objective>(registry().objective("command"), config, 1, services());
}

Evaluation evaluate(Objective& objective, std::uint64_t seed = 5) {
  const std::vector<double> x = {0.25, 0.5};
  return objective.evaluate(x, seed);
}

TEST(CommandObjective, ReadsYFromTheLastNonEmptyLineForAPointOnStandardInput) {
  const Evaluation e = evaluate(*helper("\"sum\""));
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 0.75);
}

TEST(CommandObjective, PassesThePointAsArgumentsAppendedOrPlaced) {
  const Evaluation appended = evaluate(*helper("\"args\"", "input = 'args'"));
  ASSERT_TRUE(appended.ok) << appended.message;
  EXPECT_EQ(appended.y, 0.75);
  // Placed: x1 twice and x0 not at all.
  const Evaluation placed = evaluate(*helper("\"args\", \"{x1}\", \"{x1}\"", "input = 'args'"));
  ASSERT_TRUE(placed.ok) << placed.message;
  EXPECT_EQ(placed.y, 1.0);
}

TEST(CommandObjective, GivesTheSeedInTheEnvironmentAndTheJson) {
  const Evaluation e = evaluate(*helper("\"seed\""), 123456);
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 456.0);
}

TEST(CommandObjective, ShellSyntaxInArgvIsPassedLiterally) {
  const Evaluation e = evaluate(*helper(R"x("literal", "a;b", "$(exit 7)")x"));
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 1.0);
}

TEST(CommandObjective, NonZeroExitFailsWithTheTailOfStandardError) {
  const Evaluation e = evaluate(*helper("\"fail\""));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("exited with status 2"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("the model diverged"), std::string::npos) << e.message;
  EXPECT_EQ(e.message.find("lots of noise"), std::string::npos) << "stderr not capped";
  EXPECT_LT(e.message.size(), 500u);
  EXPECT_EQ(e.message.find('\n'), std::string::npos) << e.message;
}

TEST(CommandObjective, ProgramThatOutlivesTheTimeoutIsKilledAndFails) {
  const Evaluation e = evaluate(*helper("\"hang\"", "timeout_s = 0.3"));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("timed out after 0.3 s"), std::string::npos) << e.message;
}

TEST(CommandObjective, OutputThatIsNotANumberFails) {
  const Evaluation e = evaluate(*helper("\"garbage\""));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("printed no number"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("not a number"), std::string::npos) << e.message;
}

TEST(CommandObjective, MissingProgramFails) {
  const std::string config = "argv = '[\"/nonexistent/model\"]'\nlower = [0.0]\nupper = [1.0]\n";
  Objective objective(registry().objective("command"), config, 1, services());
  const std::vector<double> x = {0.5};
  const Evaluation e = objective.evaluate(x, 1);
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("cannot run '/nonexistent/model'"), std::string::npos) << e.message;
}

// Whether process `pid` has ended (gone, or a zombie no one has reaped yet), waiting up to
// 10 s for it: a SIGKILL takes effect at once, but its reaping by init does not.
bool ended(pid_t pid) {
  for (int i = 0; i < 1000; ++i) {
    if (::kill(pid, 0) != 0) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const std::size_t close = text.rfind(')');
    if (close != std::string::npos && text.compare(close, 3, ") Z") == 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// The pids a helper wrote to `file`.
std::vector<pid_t> pids_in(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<pid_t> pids;
  for (pid_t pid = 0; in >> pid;) pids.push_back(pid);
  return pids;
}

TEST(CommandObjective, ProgramThatClosesItsOutputAndKeepsRunningIsKilledAtTheTimeout) {
  const Evaluation e = evaluate(*helper("\"closed\"", "timeout_s = 0.3"));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("timed out after 0.3 s"), std::string::npos) << e.message;
}

TEST(CommandObjective, ProgramThatExitsWhileItsChildHoldsTheOutputEndsTheEvaluationAndTheChild) {
  const auto pid_file = test::fresh_folder("command-orphan") / "pids";
  const Evaluation e =
      evaluate(*helper("\"orphan\", \"" + pid_file.string() + "\"", "timeout_s = 10"));
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 1.5);
  const std::vector<pid_t> pids = pids_in(pid_file);
  ASSERT_EQ(pids.size(), 1u);
  EXPECT_TRUE(ended(pids[0])) << "the program's child outlived the evaluation";
}

TEST(CommandObjective, ProgramKilledAtItsTimeoutTakesItsChildrenWithIt) {
  const auto pid_file = test::fresh_folder("command-family") / "pids";
  const Evaluation e =
      evaluate(*helper("\"family\", \"" + pid_file.string() + "\"", "timeout_s = 0.3"));
  EXPECT_FALSE(e.ok);
  const std::vector<pid_t> pids = pids_in(pid_file);
  ASSERT_EQ(pids.size(), 2u);
  for (const pid_t pid : pids) EXPECT_TRUE(ended(pid)) << pid;
}

TEST(CommandObjective, ProgramThatFloodsItsOutputIsKilledAndFails) {
  const Evaluation e = evaluate(*helper("\"flood\"", "timeout_s = 30"));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("output exceeds 1048576 bytes; killed"), std::string::npos) << e.message;
}

TEST(CommandObjective, NoDescriptorOfTheHostReachesTheProgram) {
  // Opened without close-on-exec, as an embedding program's or a plugin's may be.
  const int fd = ::open("/dev/null", O_WRONLY);
  ASSERT_GT(fd, 2);
  const Evaluation e = evaluate(*helper("\"fd\", \"" + std::to_string(fd) + "\""));
  ::close(fd);
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 0.0) << "descriptor " << fd << " was open in the program";
}

TEST(CommandObjective, APointOfDimension30000ReachesTheProgramWhole) {
  const int dim = 30000;
  std::ostringstream lower, upper;
  lower << "lower = [0.0";
  upper << "upper = [1.0";
  for (int i = 1; i < dim; ++i) {
    lower << ", 0.0";
    upper << ", 1.0";
  }
  const std::string config = "argv = '[\"" COMMAND_HELPER "\", \"sum\"]'\n" + lower.str() + "]\n" +
                             upper.str() + "]\ntimeout_s = 30\n";
  Objective objective(registry().objective("command"), config, 1, services());
  // Values of 17 digits: about 600 kB of JSON, more than a socket buffer holds.
  std::vector<double> x(dim);
  double sum = 0.0;
  for (int i = 0; i < dim; ++i) {
    x[static_cast<std::size_t>(i)] = 1.0 / 3.0 + 1e-7 * i;
    sum += x[static_cast<std::size_t>(i)];
  }
  const Evaluation e = objective.evaluate(x, 1);
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, sum);
}

// The command objective in worker processes (the processes evaluator), for what only a worker
// has: its protocol socket, and being killed at the evaluator's timeout.
struct InWorkers {
  explicit InWorkers(const std::string& args, double timeout_s)
      : spec(ObjectiveSpec::of(registry().objective("command"),
                               "argv = '[\"" COMMAND_HELPER "\", " + args +
                                   "]'\nlower = [0.0, 0.0]\nupper = [1.0, 1.0]\n",
                               1)),
        objective(make_objective(spec, registry(), services())),
        evaluator(make_processes_evaluator(
            {1, *objective, spec, registry(), services(), timeout_s, /*memory_mb=*/0})) {}

  Evaluation evaluate_one() {
    bopp::Points X(1, 2);
    X << 0.25, 0.5;
    std::vector<Evaluation> out(1);
    const std::vector<std::uint64_t> seeds = {5};
    evaluator->evaluate(X, seeds, out);
    return out[0];
  }

  ObjectiveSpec spec;
  std::unique_ptr<Objective> objective;
  std::unique_ptr<Evaluator> evaluator;
};

TEST(CommandObjective, ProgramInAWorkerCannotReachTheWorkersSocket) {
  InWorkers workers("\"fd\", \"3\"", /*timeout_s=*/10.0);
  const Evaluation e = workers.evaluate_one();
  ASSERT_TRUE(e.ok) << e.message;
  EXPECT_EQ(e.y, 0.0) << "the worker's socket (descriptor 3) was open in the program";
}

TEST(CommandObjective, WorkerKilledAtItsTimeoutTakesTheProgramAndItsChildrenWithIt) {
  const auto pid_file = test::fresh_folder("command-worker-family") / "pids";
  InWorkers workers("\"family\", \"" + pid_file.string() + "\"", /*timeout_s=*/0.5);
  const Evaluation e = workers.evaluate_one();
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.message.find("worker killed"), std::string::npos) << e.message;
  const std::vector<pid_t> pids = pids_in(pid_file);
  ASSERT_EQ(pids.size(), 2u);
  for (const pid_t pid : pids) EXPECT_TRUE(ended(pid)) << pid;
}

TEST(CommandObjective, ResumedFromAnotherFolderTheProgramRunsAsInTheRun) {
  namespace fs = std::filesystem;
  const fs::path folder = test::fresh_folder("command-resume");
  fs::copy_file(COMMAND_HELPER, folder / "model");  // found by a relative argv[0]
  std::ofstream(folder / "marker") << "the run's working folder\n";
  std::ofstream(folder / "exp.toml")
      << "[run]\nseed = 2\nbudget = 8\n[objective]\nname = 'command'\n"
         "argv = '[\"./model\", \"cwd\"]'\nlower = [0.0]\nupper = [1.0]\n"
         "[algorithm]\nname = 'random'\n";
  const test::Outcome stopped =
      test::run_bopp({"run", "exp.toml", "--output", "r", "--stop-after", "0.3"}, {}, "", folder);
  ASSERT_EQ(stopped.exit_code, 75) << stopped.err;  // stopped at its time limit
  const test::Outcome resumed = test::run_bopp({"resume", (folder / "r").string()}, {}, "",
                                               test::fresh_folder("command-resume-elsewhere"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto lines = read_evaluations(folder / "r" / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 8u);
  for (const RecordedEvaluation& line : lines) {
    EXPECT_TRUE(line.ok) << line.index << ": " << line.message;
    EXPECT_EQ(line.y, 1.0) << line.index << ": the program ran in another folder";
  }
}

TEST(CommandObjective, ArgvThatIsNotAListOfStringsIsAConfigurationError) {
  for (const std::string argv : {"python3 model.py", "[]", "[\"python3\", 3]"}) {
    const std::string config = "argv = '" + argv + "'\nlower = [0.0]\nupper = [1.0]\n";
    EXPECT_THROW(Objective(registry().objective("command"), config, 1, services()), Error) << argv;
  }
}

}  // namespace
}  // namespace bopp::host
