// `bopp bench` and `bopp report` as a user runs them: a grid through bench, its table
// checked against the run records, a killed bench resumed, a plot drawn and looked at.
#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/report/label_colours.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "bopp_program_run.hpp"
#include "png_image.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

namespace bopp::test {
namespace {
namespace fs = std::filesystem;

nlohmann::json read_json(const fs::path& p) { return nlohmann::json::parse(read_text(p)); }

// Runs `bopp ARGS` in `folder` through the shell, with the test plugins on the search path.
Outcome bopp(const fs::path& folder, const std::string& args) {
  return run_bopp_line(args, {"misbehaving"}, "", folder);
}

// Two algorithms (random search with a uniform and a Sobol design) × two objectives × three seeds.
const char* const kGrid = R"(# 2 algorithms x 2 objectives x 3 seeds
[bench]
seeds = [0, 1, 2]
budget = 24
output = "cmp"

[[algorithm]]
name = "random"
label = "rs"
[algorithm.vary]
design = ["uniform", "sobol"]

[[objective]]
name = "branin"
[[objective]]
name = "hartmann6"
)";

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}
double standard_error(const std::vector<double>& v) {
  const double m = mean(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size() - 1)) /
         std::sqrt(static_cast<double>(v.size()));
}

TEST(BenchReport, GridRunsThroughBenchAndTheTableMatchesTheRunRecords) {
  const fs::path folder = fresh_folder("grid");
  std::ofstream(folder / "grid.toml") << kGrid;
  const Outcome bench = bopp(folder, "bench grid.toml --jobs 2 --no-sync");
  ASSERT_EQ(bench.exit_code, 0) << bench.out << bench.err;
  EXPECT_NE(bench.out.find("12 runs: 12 completed now, 0 complete before, 0 failed"),
            std::string::npos)
      << bench.out;

  const nlohmann::json index = read_json(folder / "cmp" / "index.json");
  ASSERT_EQ(index["runs"].size(), 12u);
  for (const auto& r : index["runs"]) EXPECT_EQ(r["status"], "completed") << r.dump();

  const Outcome report = bopp(folder, "report cmp --format json");
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const nlohmann::json table = nlohmann::json::parse(report.out);
  ASSERT_EQ(table["objectives"].size(), 2u);

  for (const auto& objective : table["objectives"]) {
    const std::string name = objective["objective"];
    ASSERT_EQ(objective["rows"].size(), 2u) << name;
    const double target = objective["target"];
    for (const auto& row : objective["rows"]) {
      const std::string algorithm = row["algorithm"];
      ASSERT_TRUE(algorithm == "rs-design=uniform" || algorithm == "rs-design=sobol") << algorithm;
      EXPECT_EQ(row["runs"], 3);
      // The same numbers, straight from the records of the three runs.
      std::vector<double> best, simple, cumulative, to_target, algorithm_time, evaluation_time,
          cpu_time;
      for (int seed = 0; seed < 3; ++seed) {
        const fs::path run = folder / "cmp" / name / algorithm / ("q1-seed" + std::to_string(seed));
        const nlohmann::json record = read_json(run / "run.json");
        ASSERT_EQ(record["status"], "completed");
        ASSERT_EQ(record["evaluations"], 24);
        const double optimum = record["optimum"];
        best.push_back(record["best"]["y"]);
        simple.push_back(best.back() - optimum);
        // The report sums batches.jsonl, each batch once; run.json agrees but for rounding.
        double asks_and_tells = 0, waits = 0, cpu = 0;
        for (const host::BatchTiming& t : host::read_batch_timings(run / "batches.jsonl")) {
          asks_and_tells += t.ask_seconds + t.tell_seconds;
          waits += t.evaluation_seconds;
          cpu += t.ask_cpu_seconds + t.tell_cpu_seconds;
        }
        EXPECT_NEAR(record["time"]["algorithm"].get<double>(), asks_and_tells,
                    1e-9 * asks_and_tells + 1e-15);
        EXPECT_NEAR(record["time"]["algorithm_cpu"].get<double>(), cpu, 1e-9 * cpu + 1e-15);
        cpu_time.push_back(cpu);
        EXPECT_NEAR(record["time"]["evaluation"].get<double>(), waits, 1e-9 * waits + 1e-15);
        algorithm_time.push_back(asks_and_tells);
        evaluation_time.push_back(waits);
        double sum = 0;
        bool reached = false;
        for (const auto& e : host::read_evaluations(run / "evaluations.jsonl")) {
          sum += e.y - optimum;
          if (!reached && e.y <= target) {
            to_target.push_back(static_cast<double>(e.index + 1));
            reached = true;
          }
        }
        cumulative.push_back(sum);
      }
      EXPECT_DOUBLE_EQ(row["final_best"]["mean"], mean(best)) << name << " " << algorithm;
      EXPECT_DOUBLE_EQ(row["final_best"]["se"], standard_error(best));
      std::sort(best.begin(), best.end());
      EXPECT_DOUBLE_EQ(row["final_best"]["median"], best[1]);
      EXPECT_DOUBLE_EQ(row["simple_regret"]["mean"], mean(simple));
      EXPECT_NEAR(row["cumulative_regret"]["mean"].get<double>(), mean(cumulative),
                  1e-9 * std::abs(mean(cumulative)));
      EXPECT_EQ(row["reached_target"], to_target.size());
      if (!to_target.empty()) {
        EXPECT_DOUBLE_EQ(row["evaluations_to_target"]["mean"], mean(to_target));
      }
      EXPECT_DOUBLE_EQ(row["algorithm_seconds"]["mean"], mean(algorithm_time));
      EXPECT_DOUBLE_EQ(row["evaluation_seconds"]["mean"], mean(evaluation_time));
      EXPECT_DOUBLE_EQ(row["algorithm_cpu_seconds"]["mean"], mean(cpu_time));
    }
  }

  // The Markdown table names both objectives and algorithms; CSV has a row per pair.
  const Outcome md = bopp(folder, "report cmp");
  EXPECT_NE(md.out.find("## branin (minimize, optimum 0.3979)"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("| rs-design=sobol | 1 | 3 |"), std::string::npos) << md.out;
  const Outcome csv = bopp(folder, "report cmp --format csv");
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 5) << csv.out;

  // A moved bench folder is still complete, and one run folder keeps its bench labels.
  fs::rename(folder / "cmp", folder / "moved");
  const Outcome again = bopp(folder, "bench grid.toml --output moved");
  EXPECT_NE(again.out.find("12 runs: 0 completed now, 12 complete before"), std::string::npos)
      << again.out;
  const Outcome one = bopp(folder, "report moved/branin/rs-design=sobol/q1-seed0 --format csv");
  EXPECT_NE(one.out.find("branin,minimize,0.3978873577297384,"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find(",rs-design=sobol,1,1,"), std::string::npos) << one.out;
  fs::rename(folder / "moved", folder / "cmp");

  // Plots: drawn with gnuplot, one PNG looked at: a real picture, not a blank page.
  const Outcome plots = bopp(folder, "report cmp --plot png --output plots");
  ASSERT_EQ(plots.exit_code, 0) << plots.err;
  EXPECT_TRUE(fs::is_regular_file(folder / "plots" / "table.md"));
  for (const char* stem :
       {"branin-evaluations", "branin-time", "hartmann6-evaluations", "hartmann6-time"}) {
    EXPECT_TRUE(fs::is_regular_file(folder / "plots" / (std::string(stem) + ".dat"))) << stem;
    EXPECT_TRUE(fs::is_regular_file(folder / "plots" / (std::string(stem) + ".png"))) << plots.err;
  }
  const RgbImage image = read_png(folder / "plots" / "branin-evaluations.png");
  EXPECT_EQ(image.width, 1000u);
  EXPECT_EQ(image.height, 640u);
  EXPECT_GT(fs::file_size(folder / "plots" / "branin-evaluations.png"), 10000u);
  EXPECT_GT(distinct_colours(image), 20u) << "lines, bands and their blends, text";
  // Both line colours, each its label's, are in the picture.
  const auto colours = host::label_colours({"rs-design=sobol", "rs-design=uniform"});
  for (const auto& [label, colour] : colours) {
    const auto rgb = static_cast<std::uint32_t>(std::stoul(colour.substr(1), nullptr, 16));
    EXPECT_GT(std::count(image.pixels.begin(), image.pixels.end(), rgb), 200) << label << colour;
  }
}

TEST(BenchReport, KilledBenchResumesWithoutRedoingFinishedRuns) {
  const fs::path folder = fresh_folder("killed");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1, 2, 3, 4, 5]
budget = 8
output = "slow"
[[algorithm]]
name = "random"
[[objective]]
name = "slow_objective"
sleep_ms = 25.0
)";
  const pid_t child = start_bopp({"bench", "grid.toml", "--jobs", "1"}, {"misbehaving"}, folder);
  // Wait until two runs are complete, then kill the bench and the run under way.
  const fs::path index_file = folder / "slow" / "index.json";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::size_t done = 0;
  while (std::chrono::steady_clock::now() < deadline && done < 2) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    try {
      const nlohmann::json index = read_json(index_file);
      done = 0;
      for (const auto& r : index["runs"]) done += r["status"] == "completed";
    } catch (const std::exception&) {
    }
  }
  ::kill(-child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_GE(done, 2u);

  std::map<std::string, std::string>
      finished;  // folder -> run.json of runs complete before the kill
  std::size_t complete_before = 0;
  for (int seed = 0; seed < 6; ++seed) {
    const fs::path run =
        folder / "slow" / "slow_objective" / "random" / ("q1-seed" + std::to_string(seed));
    if (fs::exists(run / "run.json") && read_json(run / "run.json")["status"] == "completed") {
      finished[run.string()] = read_text(run / "run.json");
      ++complete_before;
    }
  }
  ASSERT_GE(complete_before, 2u);
  ASSERT_LT(complete_before, 6u) << "the bench finished before the kill; make the runs slower";

  const Outcome resumed = bopp(folder, "bench grid.toml --jobs 2");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("6 runs: " + std::to_string(6 - complete_before) + " completed now, " +
                             std::to_string(complete_before) + " complete before, 0 failed"),
            std::string::npos)
      << resumed.out;
  for (const auto& [run, json] : finished)
    EXPECT_EQ(read_text(fs::path(run) / "run.json"), json) << "redone: " << run;
  for (int seed = 0; seed < 6; ++seed) {
    const fs::path run =
        folder / "slow" / "slow_objective" / "random" / ("q1-seed" + std::to_string(seed));
    EXPECT_EQ(read_json(run / "run.json")["status"], "completed") << run;
    EXPECT_EQ(host::read_evaluations(run / "evaluations.jsonl").size(), 8u) << run;
  }
}

// A rebuilt plugin of the same version is another plugin for a bench: the completed run that
// used the old file runs again, the others are kept.
TEST(BenchReport, ACompletedRunWhoseLibraryChangedRunsAgain) {
  const fs::path folder = fresh_folder("rebuilt");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1]
budget = 4
output = "b"
[[algorithm]]
name = "random"
[[objective]]
name = "branin"
)";
  const Outcome first = bopp(folder, "bench grid.toml --jobs 1");
  ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
  const fs::path changed = folder / "b" / "branin" / "random" / "q1-seed0";
  const fs::path kept = folder / "b" / "branin" / "random" / "q1-seed1";
  using namespace host::record_key;
  nlohmann::json json = read_json(changed / "run.json");
  const std::string sha1 = json[kAlgorithm][kLibrarySha1];
  EXPECT_EQ(sha1.size(), 40u);
  EXPECT_EQ(sha1.find_first_not_of("0123456789abcdef"), std::string::npos) << sha1;
  json[kAlgorithm][kLibrarySha1] = std::string(40, '0');  // as if built from other code
  std::ofstream(changed / "run.json") << json.dump(2);
  const std::string kept_json = read_text(kept / "run.json");

  const Outcome again = bopp(folder, "bench grid.toml --jobs 1");
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  EXPECT_NE(again.err.find("1 completed run(s) will run again"), std::string::npos) << again.err;
  EXPECT_NE(again.out.find("2 runs: 1 completed now, 1 complete before, 0 failed"),
            std::string::npos)
      << again.out;
  EXPECT_EQ(read_json(changed / "run.json")[kAlgorithm][kLibrarySha1], sha1);
  EXPECT_EQ(read_text(kept / "run.json"), kept_json);
}

bool wait_for_file(const fs::path& file) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(file)) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// One process at a time in an output folder: a second run (even with --overwrite) or a second
// bench on a busy folder is refused with the holder's process id, and the first is untouched.
// The first runs far longer than a test (a sanitizer build starts bopp slowly) and is stopped
// with SIGINT once the second was refused, so no timing decides the outcome.
TEST(BenchReport, ABusyRunOrBenchFolderIsRefusedNamingTheProcess) {
  const fs::path folder = fresh_folder("busy");
  std::ofstream(folder / "run.toml")
      << "[run]\nbudget = 100000\nbatch = 2\n[objective]\nname = 'slow_objective'\n"
         "sleep_ms = 40.0\n[algorithm]\nname = 'random'\n";
  const pid_t run = start_bopp({"run", "run.toml", "--output", "r"}, {"misbehaving"}, folder);
  ASSERT_TRUE(wait_for_file(folder / "r" / "run.json"));
  const Outcome second = bopp(folder, "run run.toml --output r --overwrite");
  EXPECT_EQ(second.exit_code, 1) << second.err;
  EXPECT_NE(second.err.find("is in use by process " + std::to_string(run)), std::string::npos)
      << second.err;
  ::kill(run, SIGINT);
  int status = 0;
  ::waitpid(run, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT);
  const auto record = read_json(folder / "r" / "run.json");
  EXPECT_EQ(record["status"], "stopped");
  EXPECT_EQ(host::read_evaluations(folder / "r" / "evaluations.jsonl").size(),
            record["evaluations"].get<std::size_t>());

  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1, 2]
budget = 100000
output = "b"
[[algorithm]]
name = "random"
[[objective]]
name = "slow_objective"
sleep_ms = 40.0
)";
  const pid_t bench = start_bopp({"bench", "grid.toml", "--jobs", "1"}, {"misbehaving"}, folder);
  ASSERT_TRUE(wait_for_file(folder / "b" / "index.json"));
  const Outcome again = bopp(folder, "bench grid.toml --jobs 1");
  EXPECT_EQ(again.exit_code, 1) << again.err;
  EXPECT_NE(again.err.find("the bench folder"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("is in use by process " + std::to_string(bench)), std::string::npos)
      << again.err;
  ::kill(bench, SIGINT);
  ::waitpid(bench, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT);
}

TEST(BenchReport, OneFailingRunDoesNotStopTheOthers) {
  const fs::path folder = fresh_folder("failing");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1]
budget = 6
output = "mixed"
[[algorithm]]
name = "throwing_algorithm"
fail_after = 2
[[algorithm]]
name = "random"
[[objective]]
name = "sphere"
)";
  const Outcome bench = bopp(folder, "bench grid.toml --jobs 2");
  EXPECT_EQ(bench.exit_code, 1);
  EXPECT_NE(bench.out.find("4 runs: 2 completed now, 0 complete before, 2 failed"),
            std::string::npos)
      << bench.out;
  EXPECT_NE(bench.out.find("ask failed on purpose"), std::string::npos) << bench.out;
  const nlohmann::json index = read_json(folder / "mixed" / "index.json");
  for (const auto& r : index["runs"]) {
    EXPECT_EQ(r["status"], r["algorithm"] == "random" ? "completed" : "failed") << r.dump();
  }
  // The report uses the completed runs and says which it left out.
  const Outcome report = bopp(folder, "report mixed");
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.err.find("left out 2 run(s) with status 'failed'"), std::string::npos)
      << report.err;
  EXPECT_NE(report.out.find("| random | 1 | 2 |"), std::string::npos) << report.out;
  EXPECT_EQ(report.out.find("throwing_algorithm"), std::string::npos) << report.out;
}

// A run resumed across processes: its run.json counts only the last process's work, so the
// report times the whole run from batches.jsonl, each batch once; when that file lacks a batch,
// run.json's times stay.
TEST(BenchReport, AResumedRunIsTimedFromEveryBatchItRan) {
  const fs::path folder = fresh_folder("resumed-times");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0]
budget = 6
batch = 2
output = "b"
[[algorithm]]
name = "random"
[[objective]]
name = "sphere"
)";
  const Outcome bench = bopp(folder, "bench grid.toml");
  ASSERT_EQ(bench.exit_code, 0) << bench.out << bench.err;
  const fs::path run = folder / "b" / "sphere" / "random" / "q2-seed0";
  double asks_and_tells = 0, waits = 0, cpu = 0;
  for (const host::BatchTiming& t : host::read_batch_timings(run / "batches.jsonl")) {
    asks_and_tells += t.ask_seconds + t.tell_seconds;
    waits += t.evaluation_seconds;
    cpu += t.ask_cpu_seconds + t.tell_cpu_seconds;
  }
  // As the last of several processes would have written it.
  nlohmann::json json = read_json(run / "run.json");
  json["time"]["algorithm"] = 1e-9;
  json["time"]["evaluation"] = 2e-9;
  json["time"]["algorithm_cpu"] = 3e-9;
  std::ofstream(run / "run.json") << json.dump(2);
  std::vector<std::string> notes;
  auto runs = host::load_report_runs({folder / "b"}, notes);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(runs[0].algorithm_seconds, asks_and_tells);
  EXPECT_DOUBLE_EQ(runs[0].evaluation_seconds, waits);
  EXPECT_DOUBLE_EQ(runs[0].algorithm_cpu_seconds, cpu);
  EXPECT_GT(runs[0].algorithm_seconds, 1e-9);

  const std::string lines = read_text(run / "batches.jsonl");
  std::ofstream(run / "batches.jsonl", std::ios::trunc)
      << lines.substr(0, lines.find('\n') + 1);  // the first of three batches only
  runs = host::load_report_runs({folder / "b"}, notes);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].algorithm_seconds, 1e-9);
  EXPECT_EQ(runs[0].evaluation_seconds, 2e-9);
  EXPECT_EQ(runs[0].algorithm_cpu_seconds, 3e-9);

  // A record written before CPU times were kept: the report says it does not know them.
  std::ofstream(run / "batches.jsonl", std::ios::trunc) << lines;
  std::string old_lines;
  for (const host::BatchTiming& t : host::read_batch_timings(run / "batches.jsonl")) {
    host::BatchTiming without = t;
    without.ask_cpu_seconds = without.tell_cpu_seconds = host::kUnknownSeconds;
    old_lines += host::to_json(without).dump() + "\n";
  }
  std::ofstream(run / "batches.jsonl", std::ios::trunc) << old_lines;
  json.at("time").erase("algorithm_cpu");
  std::ofstream(run / "run.json") << json.dump(2);
  runs = host::load_report_runs({folder / "b"}, notes);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_DOUBLE_EQ(runs[0].algorithm_seconds, asks_and_tells);
  EXPECT_TRUE(std::isnan(runs[0].algorithm_cpu_seconds));
  const auto report = host::build_report(runs, {}, {});
  ASSERT_EQ(report.size(), 1u);
  EXPECT_FALSE(report[0].rows.at(0).algorithm_cpu_seconds.has_value());
  EXPECT_NE(host::format_report(report, "md").find(" | – | "), std::string::npos);
}

TEST(BenchReport, BatchSizesGetTheirOwnPlotAndMissingGnuplotStillWritesTheData) {
  const fs::path folder = fresh_folder("batches");
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1]
budget = 8
batch = [1, 4]
output = "b"
[[algorithm]]
name = "random"
[[objective]]
name = "sphere"
)";
  const Outcome bench = bopp(folder, "bench grid.toml");
  ASSERT_EQ(bench.exit_code, 0) << bench.out << bench.err;

  std::vector<std::string> notes;
  const auto runs = host::load_report_runs({folder / "b"}, notes);
  ASSERT_EQ(runs.size(), 4u);
  host::PlotOptions options;
  options.gnuplot = folder / "no-such-gnuplot";
  const host::PlotFiles files = host::write_plots(runs, folder / "plots", options);
  EXPECT_TRUE(files.images.empty());
  ASSERT_EQ(files.notes.size(), 1u);
  EXPECT_NE(files.notes[0].find("gnuplot is not installed"), std::string::npos) << files.notes[0];
  ASSERT_TRUE(fs::is_regular_file(folder / "plots" / "sphere-batches.dat"));
  // Two lines (batch 1 and batch 4): 8 batches of one point, 2 batches of four.
  const std::string data = read_text(folder / "plots" / "sphere-batches.dat");
  EXPECT_NE(data.find("# 0: random (batch 1)\n"), std::string::npos) << data;
  const auto second = data.find("# 1: random (batch 4)\n");
  ASSERT_NE(second, std::string::npos) << data;
  std::istringstream block(data.substr(second));
  std::string line;
  std::getline(block, line);
  std::vector<double> xs;
  while (std::getline(block, line) && !line.empty()) xs.push_back(std::stod(line));
  EXPECT_EQ(xs, (std::vector<double>{1, 2}));
  EXPECT_TRUE(fs::is_regular_file(folder / "plots" / "sphere-batches.gp"));
}

}  // namespace
}  // namespace bopp::test
