// bopp: the command-line host. A thin layer over bopp::host (host/include/bopp/host); the
// commands are the rows of command_table.cpp.
#include "command_table.hpp"

#include <bopp/abi.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/openblas_core.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

namespace po = boost::program_options;

namespace {

// A flag that counts its occurrences: -v is 1, -vv (or -v -v) is 2.
class CountedFlag : public po::typed_value<int> {
 public:
  CountedFlag() : po::typed_value<int>(nullptr) {
    zero_tokens();
    composing();
  }
  void xparse(boost::any& store, const std::vector<std::string>&) const override {
    store = (store.empty() ? 0 : boost::any_cast<int>(store)) + 1;
  }
};

po::options_description visible_options() {
  po::options_description visible("Options");
  visible.add_options()("help,h", "show this help")(
      "version", "show the version of bopp and of its plugin ABI")(
      "plugin-path", po::value<std::vector<std::string>>()->composing(),
      "a plugin folder to search first (repeatable; also BOPP_PLUGIN_PATH, colon-separated)")(
      "allow-insecure-plugins",
      "load plugins that other users could have changed (also BOPP_ALLOW_INSECURE_PLUGINS=1)")(
      "verbose,v", new CountedFlag,
      "show plugins' info log lines; -vv also their debug lines (every line is in a run's "
      "log.jsonl)")("paths", "list: show the plugin folders")(
      "set", po::value<std::vector<std::string>>()->composing(),
      "run, check: section.key=value or section.PLUGIN.key=value; eval: key=value "
      "(repeatable)")(
      "unset", po::value<std::vector<std::string>>()->composing(),
      "run: remove section.key (or section.PLUGIN.key) from the file, before any --set "
      "(repeatable)")(
      "output,o", po::value<std::string>(),
      "run: the run record folder; bench: the bench folder; report: the folder for the table, "
      "plots and data (--format html: the page's file)")(
      "overwrite", "run: replace a run already in the output folder")(
      "no-sync", "run, resume: do not fsync the record after each batch (faster, less safe)")(
      "force", "resume: continue although a plugin library changed since the run")(
      "no-recheck",
      "resume: do not evaluate the recorded best point again (for an objective whose value is "
      "not a function of the point and its seed)")(
      "stop-after", po::value<std::string>(),
      "run, resume: stop cleanly after this long (e.g. 3h50m, 90m, 45s), checkpointed, with "
      "exit status 75; in place of [run] time_limit")("points", po::value<std::string>(),
                                                      "eval: CSV file of points, or - for stdin")(
      "seed", po::value<std::string>()->default_value("0"),
      "eval: seed for noisy objectives, 0 to 2^64 - 1")(
      "jobs,j", po::value<unsigned>()->default_value(0), "bench: runs at once (0: one per core)")(
      "format", po::value<std::string>()->default_value("md"),
      "report: md|csv|json (tables), html (one page with plots)")(
      "plot", po::value<std::string>(),
      "report: draw plots with gnuplot, png|svg (needs --output)")(
      "target", po::value<std::vector<std::string>>()->composing(),
      "report: value to count evaluations to, VALUE or OBJECTIVE=VALUE (default: median final "
      "best)")("at", po::value<std::string>(),
               "report: evaluation counts to compare paired runs at, besides their end "
               "(e.g. 20,100,500)")("baseline", po::value<std::string>(),
                                    "report: compare every algorithm with this one only")(
      "watch", "report: redraw a running bench's progress and table until it ends")(
      "json", "check: print the results as a JSON array");
  return visible;
}

std::string usage() {
  return "usage: bopp [options] COMMAND [ARGS]\n\n" + bopp::cli::commands_help() + "\n";
}

// Parses the command line into `vm`; prints the parser's complaint and returns false when
// it cannot.
bool parse_command_line(int argc, char** argv, const po::options_description& visible,
                        po::variables_map& vm) {
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())(
      "args", po::value<std::vector<std::string>>()->default_value({}, ""));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("args", -1);
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::fprintf(stderr, "bopp: %s (see bopp --help)\n", e.what());
    return false;
  }
  return true;
}

// The first command option given that `command` (null: an unknown one) does not accept.
std::optional<std::string_view> misplaced_option(const bopp::cli::Command* command,
                                                 const po::variables_map& vm) {
  for (const std::string_view option : bopp::cli::command_options()) {
    const std::string name(option);
    if (!vm.count(name) || vm[name].defaulted()) continue;
    if (command == nullptr || std::find(command->options.begin(), command->options.end(), option) ==
                                  command->options.end()) {
      return option;
    }
  }
  return std::nullopt;
}

int run_command(const bopp::cli::Command* command, const std::string& name,
                const po::variables_map& vm) {
  std::vector<std::filesystem::path> cli_folders;
  if (vm.count("plugin-path")) {
    for (const auto& p : vm["plugin-path"].as<std::vector<std::string>>())
      cli_folders.emplace_back(p);
  }
  const bopp::host::PluginRegistry registry(
      bopp::host::plugin_search_path(cli_folders),
      bopp::host::plugin_trust(vm.count("allow-insecure-plugins") > 0));
  if (command == nullptr) {
    std::fprintf(stderr, "bopp: unknown command '%s'; commands: %s\n", name.c_str(),
                 bopp::cli::command_names().c_str());
    return 2;
  }
  const auto args = vm["args"].as<std::vector<std::string>>();
  return command->handler({name, vm, args, registry, cli_folders});
}

int bopp_main(int argc, char** argv, const bopp::host::OpenblasCoreChoice& openblas) {
  const po::options_description visible = visible_options();
  po::variables_map vm;
  if (!parse_command_line(argc, argv, visible, vm)) return 2;
  if (vm.count("help")) {
    std::cout << usage() << visible << "\n";
    return 0;
  }
  if (vm.count("version")) {
    std::printf("bopp %s (plugin ABI %d.%d)\n%s\n", BOPP_VERSION, BOPP_ABI_MAJOR, BOPP_ABI_MINOR,
                describe(openblas).c_str());
    return 0;
  }
  if (!vm.count("command")) {
    std::cerr << usage() << "bopp: no command given (see bopp --help)\n";
    return 2;
  }
  const std::string name = vm["command"].as<std::string>();
  const bopp::cli::Command* command = bopp::cli::find_command(name);
  if (const auto option = misplaced_option(command, vm)) {
    std::fprintf(stderr, "bopp %s: --%s does not apply to this command (see bopp --help)\n",
                 name.c_str(), std::string(*option).c_str());
    return 2;
  }
  try {
    return run_command(command, name, vm);
  } catch (const bopp::host::Error& e) {
    std::fprintf(stderr, "bopp: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  // First, before any plugin loads OpenBLAS.
  const bopp::host::OpenblasCoreChoice openblas = bopp::host::choose_openblas_core();
  if (!bopp::host::started_by_mpirun()) return bopp_main(argc, argv, openblas);
  // One rank of `mpirun -n K bopp ...`: rank 0 runs the command, the others evaluate for it.
  try {
    bopp::host::MpiJob job(argc, argv);
    if (job.rank() > 0) return bopp::host::serve_evaluating_rank(job);
    return bopp_main(argc, argv, openblas);
  } catch (const bopp::host::Error& e) {
    std::fprintf(stderr, "bopp: error: %s\n", e.what());
    return 1;
  }
}
