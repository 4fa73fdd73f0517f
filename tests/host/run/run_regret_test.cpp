// The regret a run records, checked by hand against its evaluations: random search on the
// dataset objective (maximized, optimum 1), failures on a minimized objective, and no regret
// fields when the objective declares no optimum.
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "bopp_program_run.hpp"
#include "quiet_run_options.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("misbehaving")});
  return r;
}

RunOptions quiet() { return test::quiet_run_options(); }

Experiment experiment(const std::string& objective, const std::string& run,
                      const std::string& folder_name) {
  const std::string text =
      "[run]\n" + run + "\n[objective]\n" + objective + "\n[algorithm]\nname = 'random'\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder_name) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

nlohmann::json run_json(const std::filesystem::path& record) {
  std::ifstream in(record / "run.json");
  return nlohmann::json::parse(in);
}

std::string small_csv_objective() {
  const auto csv = std::filesystem::path(BOPP_TEST_SOURCE_DIR) / "examples/datasets/small.csv";
  return "name = 'dataset'\npath = '" + csv.string() + "'";
}

// The feature rows of small.csv, as the plugin must hand them out.
std::set<std::vector<double>> small_csv_rows() {
  std::ifstream in(std::filesystem::path(BOPP_TEST_SOURCE_DIR) / "examples/datasets/small.csv");
  std::string line;
  std::getline(in, line);
  std::set<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) row.push_back(std::stod(field));
    row.pop_back();  // the target
    rows.insert(row);
  }
  return rows;
}

TEST(RunRegret, RandomSearchOnADataSetRecordsRegretThatAddsUpByHand) {
  const RunResult r = run_experiment(
      experiment(small_csv_objective(), "budget = 30\nbatch = 4\nseed = 3", "dataset"), registry(),
      quiet());
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 30u);
  const std::set<std::vector<double>> rows = small_csv_rows();
  double least = INFINITY, sum = 0.0;
  for (const RecordedEvaluation& l : lines) {
    ASSERT_TRUE(l.ok) << l.message;
    EXPECT_TRUE(rows.count(l.x)) << "x is not a row of small.csv";
    ASSERT_TRUE(l.regret.has_value());
    const double expected = std::max(0.0, 1.0 - l.y);  // maximized, f* = 1
    least = std::min(least, expected);
    sum += expected;
    EXPECT_EQ(l.regret->instant, expected) << l.index;
    EXPECT_EQ(l.regret->simple, least) << l.index;
    EXPECT_EQ(l.regret->cumulative, sum) << l.index;
  }
  EXPECT_GT(sum, 0.0);
  const nlohmann::json j = run_json(r.record);
  EXPECT_EQ(j["optimum"], 1.0);
  EXPECT_EQ(j["sense"], "maximize");
  EXPECT_EQ(j["regret"]["simple"].get<double>(), least);
  EXPECT_EQ(j["regret"]["cumulative"].get<double>(), sum);
  ASSERT_TRUE(r.regret.has_value());
  EXPECT_EQ(r.regret->cumulative, sum);
  EXPECT_EQ(least, std::max(0.0, 1.0 - r.best->y));  // the simple regret is the best value's
}

TEST(RunRegret, TheRecordedCumulativeRegretIsTheReportsToTheBit) {
  const RunResult r = run_experiment(
      experiment(small_csv_objective(), "budget = 16\nbatch = 4\nseed = 8", "report"), registry(),
      quiet());
  std::vector<std::string> notes;
  const std::vector<ReportRun> runs = load_report_runs({r.record}, notes);
  ASSERT_EQ(runs.size(), 1u);
  const std::vector<double> report_sums = cumulative_regret(runs[0], 1.0);
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(report_sums.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_EQ(lines[i].regret->cumulative, report_sums[i]) << i;
}

// examples/dataset-random.toml, run as a user runs it from the repository's root: the summary
// line ends with the cumulative regret that run.json records.
TEST(RunRegret, TheExampleExperimentPrintsBothRegretsInItsSummary) {
  const auto output = test::fresh_folder("example") / "record";
  const test::Outcome o =
      test::run_bopp({"run", "examples/dataset-random.toml", "--output", output.string()}, {}, "",
                     BOPP_TEST_SOURCE_DIR);
  ASSERT_TRUE(o.exited);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const nlohmann::json j = run_json(output);
  EXPECT_EQ(j["evaluations"], 60);
  EXPECT_EQ(j["objective"]["name"], "dataset");
  const std::string marker = ", cumulative regret ";
  const auto at = o.out.find(marker);
  ASSERT_NE(at, std::string::npos) << o.out;
  EXPECT_NE(o.out.find("known optimum 1, simple regret "), std::string::npos) << o.out;
  const double printed = std::stod(o.out.substr(at + marker.size()));
  const double recorded = j["regret"]["cumulative"].get<double>();
  EXPECT_GT(recorded, 0.0);
  EXPECT_NEAR(printed, recorded, 1e-9 * recorded);
}

TEST(RunRegret, SerialAndThreadedEvaluatorsRecordTheSameNoisyDataSetRun) {
  const std::string run = "budget = 24\nbatch = 8\nseed = 4";
  const RunResult serial =
      run_experiment(experiment(small_csv_objective(), run, "serial"), registry(), quiet());
  Experiment threaded = experiment(small_csv_objective(), run, "threads");
  threaded.evaluator = "threads";
  threaded.workers = 3;
  const RunResult parallel = run_experiment(threaded, registry(), quiet());
  ASSERT_EQ(read_evaluations(serial.record / "evaluations.jsonl").size(), 24u);
  // Every field but the wall time must agree byte for byte.
  const auto without_times = [](std::vector<RecordedEvaluation> v) {
    for (auto& e : v) e.seconds = 0.0;
    std::string text;
    for (const auto& e : v) text += to_json(e).dump() + "\n";
    return text;
  };
  EXPECT_EQ(without_times(read_evaluations(serial.record / "evaluations.jsonl")),
            without_times(read_evaluations(parallel.record / "evaluations.jsonl")));
}

TEST(RunRegret, FailedEvaluationsHaveNullRegretAndAreSkippedByTheSums) {
  // throwing_objective: x0² + x1², minimized, optimum 0, and a failure whenever x0 > 0.5.
  const RunResult r = run_experiment(
      experiment("name = 'throwing_objective'", "budget = 20\nbatch = 5\nseed = 1", "failures"),
      registry(), quiet());
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 20u);
  std::optional<double> least;
  double sum = 0.0;
  std::size_t failed = 0;
  for (const RecordedEvaluation& l : lines) {
    ASSERT_TRUE(l.regret.has_value());
    if (!l.ok) {
      ++failed;
      EXPECT_TRUE(std::isnan(l.regret->instant));
    } else {
      EXPECT_EQ(l.regret->instant, l.y);
      least = least ? std::min(*least, l.y) : l.y;
      sum += l.y;
    }
    EXPECT_EQ(l.regret->simple, least) << l.index;
    EXPECT_EQ(l.regret->cumulative, sum) << l.index;
  }
  EXPECT_GT(failed, 0u);
  // The failed lines carry "regret": null in the file itself.
  std::ifstream in(r.record / "evaluations.jsonl");
  std::string text;
  std::size_t null_regrets = 0;
  while (std::getline(in, text)) null_regrets += nlohmann::json::parse(text)["regret"].is_null();
  EXPECT_EQ(null_regrets, failed);
}

TEST(RunRegret, NoOptimumNoRegretFields) {
  const RunResult r = run_experiment(
      experiment("name = 'gpsample'\ndim = 2\nfeatures = 64", "budget = 4\nseed = 1", "none"),
      registry(), quiet());
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  std::ifstream in(r.record / "evaluations.jsonl");
  std::string text;
  std::getline(in, text);
  EXPECT_FALSE(nlohmann::json::parse(text).contains("regret")) << text;
  EXPECT_TRUE(run_json(r.record)["regret"].is_null());
  EXPECT_FALSE(r.regret.has_value());
}

}  // namespace
}  // namespace bopp::host
