// An objective as a user meets it through the bopp program, for the integration tests of the
// objective libraries: `bopp eval` on points, and one `bopp run` under a chosen evaluator, with
// the check every library makes that where an evaluation runs does not change its value.
#pragma once

#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <bopp/host/run/record/run_record.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::test {

// `bopp eval OBJECTIVE SETTINGS --points -` with `points` (CSV rows) on stdin: one value per row.
inline std::vector<double> eval_values(const std::string& objective, const std::string& settings,
                                       const std::string& points) {
  const Outcome o = run_bopp_line("eval " + objective + " " + settings + " --points -", {}, points);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  std::vector<double> values;
  std::istringstream lines(o.out);
  for (std::string line; std::getline(lines, line);) values.push_back(std::stod(line));
  return values;
}

// The recorded evaluations of `bopp run` on the objective table `objective` (the lines after
// `[objective]`), the random algorithm and the evaluator table `evaluator`, all with one seed,
// so two calls that differ only in the evaluator ask for the same points with the same seeds.
inline std::vector<host::RecordedEvaluation> run_with_evaluator(const std::string& objective,
                                                                const std::string& evaluator,
                                                                const std::string& label,
                                                                int budget = 12) {
  const auto folder = fresh_folder(label);
  const auto file = folder / "experiment.toml";
  std::ofstream(file) << "[run]\nbudget = " << budget << "\nbatch = 4\nseed = 3\noutput = '"
                      << (folder / "record").string() << "'\n[objective]\n"
                      << objective << "\n[algorithm]\nname = 'random'\n[evaluator]\n"
                      << evaluator << "\n";
  const Outcome o = run_bopp({"run", file.string(), "--no-sync"}, {});
  if (o.exit_code != 0) throw std::runtime_error("bopp run failed: " + o.err);
  return host::read_evaluations(folder / "record" / "evaluations.jsonl");
}

// The same run under the serial and the threads evaluator records the same points, seeds and
// values, bit for bit, every evaluation successful.
inline void expect_same_values_serial_and_threads(const std::string& objective,
                                                  const std::string& label, int budget = 12) {
  const auto serial = run_with_evaluator(objective, "kind = 'serial'", label + "-serial", budget);
  const auto threads =
      run_with_evaluator(objective, "kind = 'threads'\nworkers = 3", label + "-threads", budget);
  ASSERT_EQ(serial.size(), static_cast<std::size_t>(budget));
  ASSERT_EQ(threads.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    ASSERT_TRUE(serial[i].ok) << serial[i].message;
    EXPECT_EQ(serial[i].x, threads[i].x) << i;
    EXPECT_EQ(serial[i].seed, threads[i].seed) << i;
    EXPECT_EQ(serial[i].y, threads[i].y) << i;
  }
}

}  // namespace bopp::test
