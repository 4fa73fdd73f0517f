// A real-world objective as a user drives it: `bopp eval` on points, and the values of one
// `bopp run` under a given evaluator, for the integration tests of the objective libraries.
#pragma once

#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bopp::test {

// `bopp eval OBJECTIVE SETTINGS --points -` with `points` (CSV rows) on stdin: one value per row.
inline std::vector<double> eval_values(const std::string& objective, const std::string& settings,
                                       const std::string& points) {
  const Outcome o = run_bopp_line("eval " + objective + " " + settings + " --points -",
                                  {plugin_dir().string()}, points);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  std::vector<double> values;
  std::istringstream lines(o.out);
  for (std::string line; std::getline(lines, line);) values.push_back(std::stod(line));
  return values;
}

// The y of every evaluation of a random-search run (run seed 3, batches of 4) on the objective
// table `objective` (TOML lines after [objective]), under the evaluator `kind` with 2 workers.
inline std::vector<double> run_values(const std::string& objective, int budget,
                                      const std::string& kind) {
  const std::filesystem::path folder = fresh_folder("objective-run-" + kind);
  const std::filesystem::path file = folder / "experiment.toml";
  std::ofstream(file) << "[run]\nbudget = " << budget << "\nbatch = 4\nseed = 3\n"
                      << "[objective]\n"
                      << objective << "\n[algorithm]\nname = 'random'\n"
                      << "[evaluator]\nkind = '" << kind << "'\nworkers = 2\n";
  const Outcome o =
      run_bopp({"run", file.string(), "--output", (folder / "run").string(), "--no-sync"},
               {plugin_dir().string()});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  std::vector<double> values;
  std::ifstream in(folder / "run" / "evaluations.jsonl");
  for (std::string line; std::getline(in, line);) {
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(j.at("status"), "ok") << line;
    values.push_back(j.at("y").get<double>());
  }
  return values;
}

}  // namespace bopp::test
