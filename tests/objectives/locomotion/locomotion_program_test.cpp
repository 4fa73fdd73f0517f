// The built bopp program on the locomotion library: `bopp eval` on a policy, and one run's
// record under the serial and the threads evaluator.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace bopp::test {
namespace {

// The swimmer without initial noise and without torque stays at rest: its return is 0
// (locomotion_returns_test.cpp), and `bopp eval` prints it.
TEST(LocomotionProgram, EvalPrintsTheReturnOfAPolicy) {
  std::string point;
  for (int i = 0; i < 16; ++i) point += i == 0 ? "0" : ",0";
  const Outcome o =
      run_bopp_line("eval swimmer --set reset_noise=0.0 --points -", {}, point + "\n");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "0\n");
}

TEST(LocomotionProgram, EvalNamesABadKey) {
  const Outcome o = run_bopp_line("eval hopper --set steps=0 --points -", {}, "");
  EXPECT_NE(o.exit_code, 0);
  EXPECT_NE(o.err.find("steps"), std::string::npos) << o.err;
}

struct Evaluation {
  std::vector<double> x;
  double y;
  std::uint64_t seed;
};

std::vector<Evaluation> run_evaluations(const std::string& evaluator, const std::string& name) {
  const auto folder = fresh_folder("locomotion-" + name);
  const auto experiment = folder / "hopper.toml";
  std::ofstream(experiment) << "[run]\nbudget = 8\nbatch = 4\nseed = 3\n"
                               "[objective]\nname = 'hopper'\nsteps = 300\n"
                               "[algorithm]\nname = 'random'\n"
                               "[evaluator]\n"
                            << evaluator << "\n";
  const Outcome o = run_bopp(
      {"run", experiment.string(), "--output", (folder / "record").string(), "--no-sync"}, {});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  std::vector<Evaluation> out;
  std::ifstream in(folder / "record" / "evaluations.jsonl");
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    out.push_back({j.at("x").get<std::vector<double>>(), j.at("y").get<double>(),
                   j.at("seed").get<std::uint64_t>()});
  }
  return out;
}

// Each evaluation has its own mjData and draws its start from its own seed, so where it runs
// does not change what it is.
TEST(LocomotionProgram, SerialAndThreadsEvaluatorsGiveTheSameReturns) {
  const auto serial = run_evaluations("kind = 'serial'", "serial");
  const auto threaded = run_evaluations("kind = 'threads'\nworkers = 2", "threads");
  ASSERT_EQ(serial.size(), 8u);
  ASSERT_EQ(threaded.size(), 8u);
  for (std::size_t i = 0; i < serial.size(); ++i) {
    EXPECT_EQ(serial[i].x, threaded[i].x) << i;
    EXPECT_EQ(serial[i].seed, threaded[i].seed) << i;
    EXPECT_EQ(serial[i].y, threaded[i].y) << i;
  }
  EXPECT_NE(serial[0].y, serial[1].y);  // the comparison is between distinct returns
}

}  // namespace
}  // namespace bopp::test
