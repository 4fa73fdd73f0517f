#include "fuzz_targets.hpp"
#include "command_line.hpp"

#include "test_paths.hpp"

#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/run/input/csv_points.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/input/set_option.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/recorded_run.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

namespace bopp::fuzz {
namespace {
namespace fs = std::filesystem;
using host::Error;

const host::PluginRegistry& registry() {
  static const host::PluginRegistry r({test::plugin_dir()});
  return r;
}

// A valid experiment the --set arguments are applied to.
constexpr std::string_view kBaseExperiment = R"([run]
seed = 7
budget = 50

[objective]
name = "branin"

[algorithm]
name = "random"
)";

// The bench folder the run-record target writes, one per process, removed at exit. In
// /dev/shm where there is one: thousands of small writes to a disk would take minutes.
class ScratchBench {
 public:
  ScratchBench() {
    std::error_code ec;
    const fs::path shm = "/dev/shm";
    const fs::path base = fs::is_directory(shm, ec) && ::access(shm.c_str(), W_OK) == 0
                              ? shm
                              : fs::temp_directory_path();
    folder_ = base / ("bopp-fuzz-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    fs::create_directories(folder_ / "bench" / kRunFolder);
  }
  ~ScratchBench() {
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }
  ScratchBench(const ScratchBench&) = delete;
  ScratchBench& operator=(const ScratchBench&) = delete;

  fs::path bench() const { return folder_ / "bench"; }
  fs::path run() const { return folder_ / "bench" / kRunFolder; }

  static constexpr const char* kRunFolder = "branin/random/q1-seed0";

 private:
  fs::path folder_;
};

const ScratchBench& scratch() {
  static const ScratchBench s;
  return s;
}

// The run record's files: index.json in the bench folder, the others in the run folder.
constexpr std::array<std::string_view, 5> kRecordFiles = {
    "index.json", "run.json", "evaluations.jsonl", "batches.jsonl", "experiment.toml"};

fs::path record_file(std::string_view name) {
  return (name == "index.json" ? scratch().bench() : scratch().run()) / name;
}

// Writes the files `input` holds, each after a line "@@ NAME"; the record's other files are
// removed, so a missing file is fuzzed too.
void write_record(std::string_view input) {
  for (std::string_view file : kRecordFiles) fs::remove(record_file(file));
  std::ofstream out;
  std::size_t pos = 0;
  while (pos < input.size()) {
    std::size_t end = input.find('\n', pos);
    end = end == std::string_view::npos ? input.size() : end + 1;
    const std::string_view line = input.substr(pos, end - pos);
    pos = end;
    if (line.starts_with("@@ ")) {
      std::string_view name = line.substr(3);
      while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.remove_suffix(1);
      out.close();
      out.clear();
      for (std::string_view file : kRecordFiles)
        if (name == file) out.open(record_file(file), std::ios::binary | std::ios::app);
      continue;
    }
    if (out.is_open()) out.write(line.data(), static_cast<std::streamsize>(line.size()));
  }
}

}  // namespace

void prepare_targets() {
  (void)registry();
  (void)scratch();
}

void fuzz_experiment(std::string_view input) {
  host::Experiment e = host::Experiment::parse(input, "fuzz.toml");
  e.resolve_plugins(registry());
  std::ostringstream text;
  text << e.to_toml();
  (void)e.objective.config_text();
  (void)e.algorithm.config_text();
}

void fuzz_set_option(std::string_view input) {
  const std::string argument(input);
  (void)host::set_option_label(argument);
  (void)host::unset_option_label(argument);
  try {
    host::SetOption option = host::parse_set_option(argument, host::kObjectiveSetting);
    toml::table table;
    host::assign_to(table, option);
  } catch (const Error&) {
  }
  try {
    (void)host::parse_unset_option(argument, host::kExperimentSetting);
  } catch (const Error&) {
  }
  try {
    host::Experiment::parse(kBaseExperiment, "<string>", {}, {argument})
        .resolve_plugins(registry());
  } catch (const Error&) {
  }
  host::Experiment e = host::Experiment::parse(kBaseExperiment, "<string>", {argument});
  e.resolve_plugins(registry());
  std::ostringstream text;
  text << e.to_toml();
}

void fuzz_bench_grid(std::string_view input) {
  const host::BenchGrid grid = host::BenchGrid::parse(input, "grid.toml", registry());
  for (const host::GridRun& run : grid.runs()) {
    std::ostringstream text;
    text << run.experiment.to_toml();
  }
}

void fuzz_points(std::string_view input) {
  // The dimension from the input's length: each input is read once, all dimensions are met.
  std::istringstream in{std::string(input)};
  (void)host::read_csv_points(in, "points.csv", static_cast<Eigen::Index>(1 + input.size() % 3));
}

void fuzz_run_record(std::string_view input) {
  write_record(input);
  const fs::path run = scratch().run();
  (void)host::libraries_changed(run, host::GridRun{});
  (void)host::run_is_complete(run, host::Experiment::parse(kBaseExperiment, "<string>").to_toml());
  try {
    (void)host::read_recorded_run(run);  // what bopp resume reads before its replay
  } catch (const host::Error&) {
    // a refused record: the report below must still read what it can
  }
  std::vector<std::string> notes;
  const std::vector<host::ReportRun> runs = host::load_report_runs({scratch().bench()}, notes);
  for (const auto& targets : {std::map<std::string, double>{}, {{"*", 0.5}}}) {
    const auto report = host::build_report(runs, targets);
    for (const char* format : {"md", "csv", "json"}) (void)host::format_report(report, format);
  }
  for (const host::ReportRun& r : runs) {
    (void)host::best_so_far(r);
    if (r.optimum) (void)host::cumulative_regret(r, *r.optimum);
  }
}

void fuzz_command_output(std::string_view input) {
  constexpr std::string_view kStderr = "@@ stderr\n";
  const std::size_t split = input.find(kStderr);
  const std::string out(input.substr(0, split));
  const std::string err(split == std::string_view::npos ? std::string_view()
                                                        : input.substr(split + kStderr.size()));
  host::RecordedEvaluation e;
  e.x = {0.5};
  if (const std::optional<double> y = command::parse_last_line(out); y && std::isfinite(*y)) {
    e.ok = true;
    e.y = *y;
  } else {
    // The objective quotes the output's end and the standard error's tail, cut anywhere.
    e.message = "printed no number as its last line (output ends '" +
                out.substr(out.size() > 80 ? out.size() - 80 : 0) + "'); stderr: " + err;
  }
  std::string line;
  host::EvaluationLineWriter().append(e, line);
  const host::RecordedEvaluation back = host::evaluation_from_json(nlohmann::json::parse(line));
  if (back.ok != e.ok) throw std::logic_error("the evaluation line lost its status: " + line);
}

void fuzz_saved_optimizer(std::string_view input) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(input.data());
  const auto optimizer = host::Optimizer::load(
      registry(), {bytes, input.size()}, "saved.bopp",
      [](std::int32_t, const std::string&, const std::string&) {});  // the plugins' warnings
  const bopp::Points X = optimizer->ask(1);
  optimizer->tell(X, std::vector<double>(static_cast<std::size_t>(X.rows()), 1.0));
  (void)optimizer->save();
}

}  // namespace bopp::fuzz
