// An objective as a user meets it through the bopp program: `bopp run` with a given
// evaluator, and `bopp eval` on points, for the integration tests of the objective libraries.
#pragma once

#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <bopp/host/run/run_record.hpp>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::test {

// The recorded evaluations of `bopp run` on the objective table `objective` (the lines after
// `[objective]`), the random algorithm and the evaluator table `evaluator`, all with one seed,
// so two calls that differ only in the evaluator ask for the same points with the same seeds.
inline std::vector<host::RecordedEvaluation> run_with_evaluator(const std::string& objective,
                                                                const std::string& evaluator,
                                                                const std::string& label) {
  const auto folder = fresh_folder(label);
  const auto file = folder / "experiment.toml";
  std::ofstream(file) << "[run]\nbudget = 12\nbatch = 4\nseed = 3\noutput = '"
                      << (folder / "record").string() << "'\n[objective]\n"
                      << objective << "\n[algorithm]\nname = 'random'\n[evaluator]\n"
                      << evaluator << "\n";
  const Outcome o = run_bopp({"run", file.string()}, {});
  if (o.exit_code != 0) throw std::runtime_error("bopp run failed: " + o.err);
  return host::read_evaluations(folder / "record" / "evaluations.jsonl");
}

}  // namespace bopp::test
