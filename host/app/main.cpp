// bopp: the command-line host. A thin layer over bopp::host (host/include/bopp/host).
#include "bench_command.hpp"
#include "commands.hpp"
#include "report_command.hpp"

#include <bopp/abi.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_interrupt(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

const char* const kUsage = R"(usage: bopp [options] COMMAND [ARGS]

Commands:
  list [--paths]                      algorithms and objectives found (--paths: the plugin folders)
  describe NAME                       an algorithm's or objective's parameters
  run FILE.toml [--set S.K=V]... [--output DIR] [--overwrite] [--no-sync]
                                      run an experiment and write its run record
  eval OBJECTIVE [--set K=V]... --points FILE.csv|- [--seed N]
                                      evaluate points, one y per line
  bench GRID.toml [--jobs N] [--output DIR] [--no-sync]
                                      run every run of a grid (resumes: complete runs are skipped)
  report DIR... [--format md|csv|json] [--plot png|svg] [--output DIR] [--target [OBJ=]V]...
                                      compare run records: tables, convergence plots

)";

// Every option, with the commands that accept it; a command given another is an error.
struct OptionUse {
  const char* option;
  std::vector<std::string> commands;
};
const std::vector<OptionUse> kOptionUses = {
    {"paths", {"list"}},
    {"set", {"run", "eval"}},
    {"output", {"run", "bench", "report"}},
    {"overwrite", {"run"}},
    {"no-sync", {"run", "bench"}},
    {"jobs", {"bench"}},
    {"format", {"report"}},
    {"plot", {"report"}},
    {"target", {"report"}},
    {"points", {"eval"}},
    {"seed", {"eval"}},
};

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible("Options");
  visible.add_options()
      ("help,h", "show this help")
      ("version", "show the version of bopp and of its plugin ABI")
      ("plugin-path", po::value<std::vector<std::string>>()->composing(),
       "a plugin folder to search first (repeatable; also BOPP_PLUGIN_PATH, colon-separated)")
      ("allow-insecure-plugins",
       "load plugins that other users could have changed (also BOPP_ALLOW_INSECURE_PLUGINS=1)")
      ("verbose,v", "show plugins' informational log lines")
      ("paths", "list: show the plugin folders")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "run: section.key=value; eval: key=value (repeatable)")
      ("output,o", po::value<std::string>(),
       "run: the run record folder; bench: the bench folder; report: the folder for the table, plots and data")
      ("overwrite", "run: replace a run already in the output folder")
      ("no-sync", "run: do not fsync the record after each batch (faster, less safe)")
      ("points", po::value<std::string>(), "eval: CSV file of points, or - for stdin")
      ("seed", po::value<std::uint64_t>()->default_value(0), "eval: seed for noisy objectives")
      ("jobs,j", po::value<unsigned>()->default_value(0), "bench: runs at once (0: one per core)")
      ("format", po::value<std::string>()->default_value("md"), "report: table format, md|csv|json")
      ("plot", po::value<std::string>(), "report: draw plots with gnuplot, png|svg (needs --output)")
      ("target", po::value<std::vector<std::string>>()->composing(),
       "report: value to count evaluations to, VALUE or OBJECTIVE=VALUE (default: median final best)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())(
      "args", po::value<std::vector<std::string>>()->default_value({}, ""));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("args", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::fprintf(stderr, "bopp: %s (see bopp --help)\n", e.what());
    return 2;
  }

  if (vm.count("help")) {
    std::cout << kUsage << visible << "\n";
    return 0;
  }
  if (vm.count("version")) {
    std::printf("bopp %s (plugin ABI %d.%d)\n", BOPP_VERSION, BOPP_ABI_MAJOR, BOPP_ABI_MINOR);
    return 0;
  }
  if (!vm.count("command")) {
    std::cerr << kUsage << "bopp: no command given (see bopp --help)\n";
    return 2;
  }
  const std::string command = vm["command"].as<std::string>();
  const auto args = vm["args"].as<std::vector<std::string>>();
  auto want_args = [&](std::size_t n, const char* what) {
    if (args.size() != n) {
      std::fprintf(stderr, "bopp %s: expected %s (see bopp --help)\n", command.c_str(), what);
      return false;
    }
    return true;
  };
  for (const OptionUse& use : kOptionUses) {
    if (vm.count(use.option) && !vm[use.option].defaulted() &&
        std::find(use.commands.begin(), use.commands.end(), command) == use.commands.end()) {
      std::fprintf(stderr, "bopp %s: --%s does not apply to this command (see bopp --help)\n",
                   command.c_str(), use.option);
      return 2;
    }
  }

  try {
    std::vector<std::filesystem::path> cli_folders;
    if (vm.count("plugin-path")) {
      for (const auto& p : vm["plugin-path"].as<std::vector<std::string>>()) cli_folders.emplace_back(p);
    }
    const bopp::host::PluginRegistry registry(
        bopp::host::plugin_search_path(cli_folders),
        bopp::host::plugin_trust(vm.count("allow-insecure-plugins") > 0));
    const auto settings = vm.count("set") ? vm["set"].as<std::vector<std::string>>() : std::vector<std::string>{};

    if (command == "list") {
      if (!want_args(0, "no arguments")) return 2;
      return bopp::cli::list_plugins(registry, vm.count("paths") > 0);
    }
    if (command == "describe") {
      if (!want_args(1, "one NAME")) return 2;
      return bopp::cli::describe_plugin(registry, args[0]);
    }
    if (command == "run") {
      if (!want_args(1, "one experiment FILE.toml")) return 2;
      bopp::cli::RunCommand run;
      run.file = args[0];
      run.overrides = settings;
      run.output = vm.count("output") ? vm["output"].as<std::string>() : "";
      run.overwrite = vm.count("overwrite") > 0;
      run.sync = vm.count("no-sync") == 0;
      run.verbose = vm.count("verbose") > 0;
      std::signal(SIGINT, on_interrupt);
      return bopp::cli::run_experiment_file(registry, run, g_stop);
    }
    if (command == "eval") {
      if (!want_args(1, "one OBJECTIVE name")) return 2;
      if (!vm.count("points")) {
        std::fprintf(stderr, "bopp eval: --points FILE.csv (or - for stdin) is required\n");
        return 2;
      }
      bopp::cli::EvalCommand eval;
      eval.objective = args[0];
      eval.settings = settings;
      eval.points = vm["points"].as<std::string>();
      eval.seed = vm["seed"].as<std::uint64_t>();
      return bopp::cli::evaluate_points(registry, eval);
    }
    if (command == "bench") {
      if (!want_args(1, "one grid FILE.toml")) return 2;
      bopp::cli::BenchCommand bench;
      bench.file = args[0];
      bench.output = vm.count("output") ? vm["output"].as<std::string>() : "";
      bench.jobs = vm["jobs"].as<unsigned>();
      bench.sync = vm.count("no-sync") == 0;
      bench.plugin_path = cli_folders;
      if (vm.count("allow-insecure-plugins")) bench.run_options.push_back("--allow-insecure-plugins");
      std::signal(SIGINT, on_interrupt);
      return bopp::cli::run_bench_file(registry, bench, g_stop);
    }
    if (command == "report") {
      if (args.empty()) {
        std::fprintf(stderr, "bopp report: expected one or more run or bench folders (see bopp --help)\n");
        return 2;
      }
      bopp::cli::ReportCommand report;
      report.folders = args;
      report.format = vm["format"].as<std::string>();
      report.plot = vm.count("plot") ? vm["plot"].as<std::string>() : "";
      report.output = vm.count("output") ? vm["output"].as<std::string>() : "";
      if (vm.count("target")) report.targets = vm["target"].as<std::vector<std::string>>();
      return bopp::cli::report_runs(report);
    }
    std::fprintf(stderr, "bopp: unknown command '%s'; commands: list, describe, run, eval, bench, report\n",
                 command.c_str());
    return 2;
  } catch (const bopp::host::Error& e) {
    std::fprintf(stderr, "bopp: error: %s\n", e.what());
    return 1;
  }
}
