#include "command_table.hpp"

#include "bench_command.hpp"
#include "check_command.hpp"
#include "commands.hpp"
#include "report_command.hpp"
#include "stop_signals.hpp"

#include <bopp/host/common/duration_text.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>

namespace bopp::cli {
namespace {

bool expect_args(const Invocation& call, std::size_t n, const char* what) {
  if (call.args.size() == n) return true;
  std::fprintf(stderr, "bopp %s: expected %s (see bopp --help)\n", call.command.c_str(), what);
  return false;
}

std::string text_option(const Invocation& call, const char* name) {
  return call.options.count(name) ? call.options[name].as<std::string>() : "";
}

// How many times -v was given.
int verbosity(const Invocation& call) {
  return call.options.count("verbose") ? call.options["verbose"].as<int>() : 0;
}

std::vector<std::string> settings(const Invocation& call) {
  return call.options.count("set") ? call.options["set"].as<std::vector<std::string>>()
                                   : std::vector<std::string>{};
}

// --stop-after in seconds (0 when absent); false, with a message, when it is not a duration.
bool stop_after(const Invocation& call, double& seconds) {
  seconds = 0.0;
  if (!call.options.count("stop-after")) return true;
  const std::string text = call.options["stop-after"].as<std::string>();
  const std::optional<double> parsed = host::parse_duration(text);
  if (!parsed) {
    std::fprintf(stderr, "bopp %s: --stop-after expects a positive duration, %s, not '%s'\n",
                 call.command.c_str(), std::string(host::kDurationForms).c_str(), text.c_str());
    return false;
  }
  seconds = *parsed;
  return true;
}

int list_command(const Invocation& call) {
  if (!expect_args(call, 0, "no arguments")) return 2;
  return list_plugins(call.registry, call.options.count("paths") > 0);
}

int describe_command(const Invocation& call) {
  if (!expect_args(call, 1, "one NAME")) return 2;
  return describe_plugin(call.registry, call.args[0]);
}

int run_command(const Invocation& call) {
  if (!expect_args(call, 1, "one experiment FILE.toml")) return 2;
  RunCommand run;
  run.file = call.args[0];
  run.overrides = settings(call);
  run.unsets = call.options.count("unset") ? call.options["unset"].as<std::vector<std::string>>()
                                           : std::vector<std::string>{};
  run.output = text_option(call, "output");
  run.overwrite = call.options.count("overwrite") > 0;
  run.sync = call.options.count("no-sync") == 0;
  if (!stop_after(call, run.stop_after_s)) return 2;
  run.verbosity = verbosity(call);
  return run_experiment_file(call.registry, run, stop_on_signals());
}

int resume_command(const Invocation& call) {
  if (!expect_args(call, 1, "one run record folder DIR")) return 2;
  ResumeCommand resume;
  resume.folder = call.args[0];
  resume.force = call.options.count("force") > 0;
  resume.recheck_best = call.options.count("no-recheck") == 0;
  resume.sync = call.options.count("no-sync") == 0;
  if (!stop_after(call, resume.stop_after_s)) return 2;
  resume.verbosity = verbosity(call);
  return resume_run_folder(call.registry, resume, stop_on_signals());
}

int eval_command(const Invocation& call) {
  if (!expect_args(call, 1, "one OBJECTIVE name")) return 2;
  if (!call.options.count("points")) {
    std::fprintf(stderr, "bopp eval: --points FILE.csv (or - for stdin) is required\n");
    return 2;
  }
  EvalCommand eval;
  eval.objective = call.args[0];
  eval.settings = settings(call);
  eval.points = text_option(call, "points");
  // Read as text: a number type would take -1 and wrap it round to 2^64 - 1.
  const std::string seed = call.options["seed"].as<std::string>();
  const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), eval.seed);
  if (ec != std::errc() || end != seed.data() + seed.size()) {
    std::fprintf(stderr, "bopp eval: --seed expects a whole number from 0 to 2^64 - 1, not '%s'\n",
                 seed.c_str());
    return 2;
  }
  eval.verbosity = verbosity(call);
  return evaluate_points(call.registry, eval);
}

int bench_command(const Invocation& call) {
  if (!expect_args(call, 1, "one grid FILE.toml")) return 2;
  BenchCommand bench;
  bench.file = call.args[0];
  bench.output = text_option(call, "output");
  bench.jobs = call.options["jobs"].as<unsigned>();
  bench.sync = call.options.count("no-sync") == 0;
  bench.plugin_path = call.plugin_folders;
  if (call.options.count("allow-insecure-plugins")) {
    bench.run_options.push_back("--allow-insecure-plugins");
  }
  // Each run's own log goes to its stderr file in the bench folder, and to its log.jsonl.
  if (const int v = verbosity(call); v > 0) {
    std::string flag = "-";
    flag.append(static_cast<std::size_t>(v), 'v');
    bench.run_options.push_back(flag);
  }
  return run_bench_file(call.registry, bench, stop_on_signals());
}

int report_command(const Invocation& call) {
  if (call.args.empty()) {
    std::fprintf(stderr,
                 "bopp report: expected one or more run or bench folders (see bopp --help)\n");
    return 2;
  }
  ReportCommand report;
  report.folders = call.args;
  report.format = call.options["format"].as<std::string>();
  report.plot = text_option(call, "plot");
  report.output = text_option(call, "output");
  if (call.options.count("target")) {
    report.targets = call.options["target"].as<std::vector<std::string>>();
  }
  report.at = text_option(call, "at");
  report.baseline = text_option(call, "baseline");
  if (call.options.count("watch")) return watch_bench(report, stop_on_signals());
  return report_runs(report);
}

int check_command(const Invocation& call) {
  if (!expect_args(call, 1, "one plugin LIBRARY.so")) return 2;
  CheckCommand check;
  check.library = call.args[0];
  check.settings = settings(call);
  check.json = call.options.count("json") > 0;
  check.trust = host::plugin_trust(call.options.count("allow-insecure-plugins") > 0);
  return check_library_file(check);
}

const std::vector<Command> kCommands = {
    {"list",
     "list [--paths]",
     "algorithms and objectives found (--paths: the plugin folders)",
     {"paths"},
     list_command},
    {"describe", "describe NAME", "an algorithm's or objective's parameters", {}, describe_command},
    {"run",
     "run FILE.toml [--set S.K=V]... [--unset S.K]... [--output DIR] [--overwrite] [--no-sync] "
     "[--stop-after DURATION]",
     "run an experiment and write its run record",
     {"set", "unset", "output", "overwrite", "no-sync", "stop-after"},
     run_command},
    {"resume",
     "resume DIR [--force] [--no-recheck] [--no-sync] [--stop-after DURATION]",
     "continue a killed or stopped run to its budget, in its record",
     {"force", "no-recheck", "no-sync", "stop-after"},
     resume_command},
    {"eval",
     "eval OBJECTIVE [--set K=V]... --points FILE.csv|- [--seed N]",
     "evaluate points, one y per line",
     {"set", "points", "seed"},
     eval_command},
    {"bench",
     "bench GRID.toml [--jobs N] [--output DIR] [--no-sync]",
     "run every run of a grid (resumes: complete runs are skipped)",
     {"output", "no-sync", "jobs"},
     bench_command},
    {"report",
     "report DIR... [--format md|csv|json|html] [--plot png|svg] [--output DIR|FILE.html] "
     "[--target [OBJ=]V]... [--at N,N,...] [--baseline ALGORITHM] [--watch]",
     "compare run records: tables, paired comparisons by seed, convergence plots; --watch "
     "follows a running bench",
     {"output", "format", "plot", "target", "at", "baseline", "watch"},
     report_command},
    {"check",
     "check LIBRARY.so [--set S.K=V]... [--json]",
     "exercise a plugin library's classes as the host does",
     {"set", "json"},
     check_command},
};

constexpr std::string_view kCommandOptions[] = {
    "paths", "set",    "unset",      "output",     "overwrite", "no-sync",
    "jobs",  "format", "plot",       "target",     "points",    "seed",
    "json",  "force",  "stop-after", "no-recheck", "at",        "baseline"};

}  // namespace

std::span<const Command> commands() { return kCommands; }

const Command* find_command(std::string_view name) {
  const auto it = std::find_if(kCommands.begin(), kCommands.end(),
                               [&](const Command& c) { return c.name == name; });
  return it == kCommands.end() ? nullptr : &*it;
}

std::span<const std::string_view> command_options() { return kCommandOptions; }

std::string commands_help() {
  constexpr std::size_t kSummaryColumn = 36;  // after the two-space indent
  std::string text = "Commands:\n";
  for (const Command& c : kCommands) {
    const std::string usage = c.usage;
    text += "  " + usage;
    if (usage.size() < kSummaryColumn) {
      text += std::string(kSummaryColumn - usage.size(), ' ');
    } else {
      text += "\n" + std::string(kSummaryColumn + 2, ' ');
    }
    text += std::string(c.summary) + "\n";
  }
  return text;
}

std::string command_names() {
  std::string names;
  for (const Command& c : kCommands) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return names;
}

}  // namespace bopp::cli
