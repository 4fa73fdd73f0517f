// The command objective through the host's loader: a point goes to a helper program (no
// shell) as JSON or arguments, and every way the program can fail is a failed evaluation.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

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

TEST(CommandObjective, ArgvThatIsNotAListOfStringsIsAConfigurationError) {
  for (const std::string argv : {"python3 model.py", "[]", "[\"python3\", 3]"}) {
    const std::string config = "argv = '" + argv + "'\nlower = [0.0]\nupper = [1.0]\n";
    EXPECT_THROW(Objective(registry().objective("command"), config, 1, services()), Error) << argv;
  }
}

}  // namespace
}  // namespace bopp::host
