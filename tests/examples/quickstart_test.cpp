// The README's quick start: `bopp bench examples/quickstart.toml`, then `bopp report`. What it
// promises a newcomer is that Bayesian optimization beats random search on the same budget.
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace bopp::test {
namespace {

// Runs `bopp ARGS` with only the build's own plugins, stdout into `out`; the exit status.
int run_bopp(const std::string& args, const std::filesystem::path& out) {
  const std::string command = "env -u BOPP_PLUGIN_PATH '" + bopp_program().string() + "' " + args +
                              " > '" + out.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Quickstart, GpboEndsFarBelowRandomSearchOnEveryFunction) {
  const auto folder = fresh_folder("quickstart");
  const auto grid = std::filesystem::path(BOPP_TEST_SOURCE_DIR) / "examples" / "quickstart.toml";
  ASSERT_EQ(run_bopp("bench '" + grid.string() + "' --no-sync --output '" +
                         (folder / "bench").string() + "'",
                     folder / "bench.log"),
            0)
      << read_text(folder / "bench.log");
  ASSERT_EQ(run_bopp("report '" + (folder / "bench").string() + "' --format json",
                     folder / "report.json"),
            0)
      << read_text(folder / "report.json");

  const auto report = nlohmann::json::parse(read_text(folder / "report.json"));
  std::map<std::string, std::map<std::string, nlohmann::json>> rows;
  for (const auto& objective : report.at("objectives")) {
    for (const auto& row : objective.at("rows")) {
      rows[objective.at("objective")][row.at("algorithm")] = row;
    }
  }
  ASSERT_EQ(rows.size(), 2u) << report.dump(2);
  for (const auto& [objective, algorithms] : rows) {
    SCOPED_TRACE(objective);
    ASSERT_TRUE(algorithms.contains("gpbo") && algorithms.contains("random")) << report.dump(2);
    EXPECT_EQ(algorithms.at("gpbo").at("runs"), 5);
    EXPECT_EQ(algorithms.at("random").at("runs"), 5);
    // Median simple regret: GP-BO's at least ten times smaller than random search's.
    const double gpbo = algorithms.at("gpbo").at("simple_regret").at("median");
    const double random = algorithms.at("random").at("simple_regret").at("median");
    EXPECT_LT(gpbo, 0.1 * random);
  }
}

}  // namespace
}  // namespace bopp::test
