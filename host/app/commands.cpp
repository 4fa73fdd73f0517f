#include "commands.hpp"

#include <bopp/config_schema.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/common/toml_input.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/report/regret.hpp>
#include <bopp/host/run/input/csv_points.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/input/set_option.hpp>
#include <bopp/host/run/loop/discrete_rounding.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/loop/seeds.hpp>
#include <bopp/host/run/record/run_json.hpp>
#include <bopp/kit/message_text.hpp>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

namespace bopp::cli {
namespace {

std::string shortest(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

std::string vector_text(const std::vector<double>& x) {
  std::string out = "[";
  for (std::size_t i = 0; i < x.size(); ++i) out += (i ? ", " : "") + shortest(x[i]);
  return out + "]";
}

// The summary `bopp run` and `bopp resume` print; the exit status.
int print_run_result(const host::RunResult& result, const StopFlags& stop);

void print_broken(const host::PluginRegistry& registry) {
  for (const auto& b : registry.broken())
    std::fprintf(stderr, "bopp: warning: %s\n", b.reason.c_str());
}

std::string range_text(const bopp_param& p) {
  if (p.type == BOPP_PARAM_STRING) return p.choices ? p.choices : "";
  if (p.type == BOPP_PARAM_BOOL) return "";
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
  const bool lo = std::isfinite(p.minimum), hi = std::isfinite(p.maximum);
  std::string text;
  if (lo && hi) {
    text.append("[")
        .append(shortest(p.minimum))
        .append(", ")
        .append(shortest(p.maximum))
        .append("]");
  } else if (lo) {
    text.append(">= ").append(shortest(p.minimum));
  } else if (hi) {
    text.append("<= ").append(shortest(p.maximum));
  }
  return text;
}

void print_params(std::span<const bopp_param* const> params) {
  if (params.empty()) {
    std::printf("\nParameters: none\n");
    return;
  }
  std::printf("\nParameters:\n");
  std::printf("  %-18s %-14s %-16s %-18s %s\n", "name", "type", "default", "range", "help");
  for (const bopp_param* p : params) {
    const std::string def = p->default_value == nullptr   ? "(required)"
                            : p->default_value[0] == '\0' ? "(optional)"
                                                          : p->default_value;
    std::printf("  %-18s %-14s %-16s %-18s %s\n", p->name, bopp::param_type_name(p->type),
                def.c_str(), range_text(*p).c_str(), p->help ? p->help : "");
  }
}

// One line of `bopp list`, for an AlgorithmEntry or an ObjectiveEntry.
template <class Entry>
void print_list_entry(const Entry& e) {
  std::printf("  %-22s %-8s %s\n      from %s %s (%s)\n", e.table->name, e.table->version,
              e.table->summary ? e.table->summary : "", e.library->name().c_str(),
              e.library->version().c_str(), e.library->path().string().c_str());
}

// `bopp describe` of one entry; `kind` is "algorithm" or "objective".
template <class Entry>
int describe_entry(const Entry& e, const char* kind) {
  std::printf("%s %s: %s\n  %s\n  from %s %s (%s)\n", e.table->name, e.table->version, kind,
              e.table->summary ? e.table->summary : "", e.library->name().c_str(),
              e.library->version().c_str(), e.library->path().string().c_str());
  print_params(e.params());
  return 0;
}

}  // namespace

int list_plugins(const host::PluginRegistry& registry, bool paths_only) {
  if (paths_only) {
    std::printf("Plugin folders, in order of precedence (drop a plugin library into one):\n");
    for (const auto& folder : registry.folders()) {
      std::error_code ec;
      std::printf("  %s%s\n", folder.string().c_str(),
                  std::filesystem::is_directory(folder, ec) ? "" : "  (does not exist)");
    }
    return 0;
  }
  std::printf("Algorithms:\n");
  for (const auto& a : registry.algorithms()) print_list_entry(a);
  std::printf("\nObjectives:\n");
  for (const auto& o : registry.objectives()) print_list_entry(o);
  if (!registry.broken().empty()) {
    std::printf("\nBroken (skipped):\n");
    for (const auto& b : registry.broken()) std::printf("  %s\n", b.reason.c_str());
  }
  std::printf("\nPlugin folders:");
  for (const auto& f : registry.folders()) std::printf(" %s", f.string().c_str());
  std::printf("\n");
  return 0;
}

int describe_plugin(const host::PluginRegistry& registry, const std::string& name) {
  if (const auto* a = registry.find_algorithm(name)) return describe_entry(*a, "algorithm");
  if (const auto* o = registry.find_objective(name)) return describe_entry(*o, "objective");
  auto known = registry.algorithm_names();
  auto objectives = registry.objective_names();
  known.insert(known.end(), objectives.begin(), objectives.end());
  throw host::Error("no algorithm or objective named '" + name + "'" +
                    host::did_you_mean(name, known) + "; `bopp list` shows what is installed");
}

int run_experiment_file(const host::PluginRegistry& registry, const RunCommand& command,
                        const StopFlags& stop) {
  print_broken(registry);
  host::Experiment experiment =
      host::Experiment::load(command.file, command.overrides, command.unsets);
  if (!command.output.empty()) experiment.output = command.output;
  experiment.resolve_plugins(registry);

  host::RunOptions options;
  options.overwrite = command.overwrite;
  options.sync = command.sync;
  options.stop_after_s = command.stop_after_s;
  options.stop = &stop.stop;
  options.stop_signal = &stop.signal;
  options.log = host::stderr_log_sink(host::log_threshold(command.verbosity));
  return print_run_result(host::run_experiment(experiment, registry, options), stop);
}

namespace {

// A run's relative paths (a command's argv, a dataset's file) were taken from the folder it
// was started in: a resume started elsewhere works there, so that they name the same files.
// Returns the run folder as the resume names it then.
std::string enter_working_folder(const std::string& folder) {
  namespace fs = std::filesystem;
  const std::optional<host::RunJson> run = host::try_read_run_json(folder);
  const std::string recorded = run ? run->working_folder() : "";
  std::error_code ec;
  const fs::path here = fs::current_path(ec);
  if (recorded.empty() || ec || recorded == here.string()) return folder;
  const fs::path absolute = fs::absolute(folder, ec);
  if (ec) return folder;
  fs::current_path(recorded, ec);
  if (ec) {
    std::fprintf(stderr,
                 "bopp: warning: the run was started in '%s', which cannot be entered (%s): "
                 "relative paths in its experiment are taken from here\n",
                 recorded.c_str(), ec.message().c_str());
    return folder;
  }
  std::fprintf(stderr, "bopp: resuming in '%s', the folder the run was started in\n",
               recorded.c_str());
  return absolute.string();
}

}  // namespace

int resume_run_folder(const host::PluginRegistry& registry, const ResumeCommand& command,
                      const StopFlags& stop) {
  print_broken(registry);
  const std::string folder = enter_working_folder(command.folder);
  host::RunOptions options;
  options.sync = command.sync;
  options.stop_after_s = command.stop_after_s;
  options.stop = &stop.stop;
  options.stop_signal = &stop.signal;
  options.log = host::stderr_log_sink(host::log_threshold(command.verbosity));
  const auto result =
      host::resume_run(folder, registry, options, {command.force, command.recheck_best});
  if (!result) {
    std::printf("the run in '%s' is already complete; nothing to resume\n", command.folder.c_str());
    return 0;
  }
  return print_run_result(*result, stop);
}

namespace {

int print_run_result(const host::RunResult& result, const StopFlags& stop) {
  if (result.best) {
    std::printf("best value %s at x = %s (evaluation %llu of %llu)\n",
                shortest(result.best->y).c_str(), vector_text(result.best->x).c_str(),
                static_cast<unsigned long long>(result.best->index + 1),
                static_cast<unsigned long long>(result.evaluations));
    if (result.optimum) {
      const bool minimize = result.minimize;
      std::printf("known optimum %s, simple regret %s (raw difference %s), cumulative regret %s\n",
                  shortest(*result.optimum).c_str(),
                  shortest(host::regret(result.best->y, *result.optimum, minimize)).c_str(),
                  shortest(host::regret_gap(result.best->y, *result.optimum, minimize)).c_str(),
                  shortest(result.regret ? result.regret->cumulative : 0.0).c_str());
    }
  } else {
    std::printf("no successful evaluation in %llu\n",
                static_cast<unsigned long long>(result.evaluations));
  }
  if (result.failed_evaluations > 0) {
    std::printf("%llu evaluation(s) failed; their messages are in evaluations.jsonl\n",
                static_cast<unsigned long long>(result.failed_evaluations));
  }
  std::printf("run record: %s\n", result.record.string().c_str());
  if (result.status == host::RunStatus::failed) {
    std::fprintf(stderr, "bopp: error: %s\n", result.message.c_str());
    return 1;
  }
  if (result.status == host::RunStatus::stopped) {
    std::fprintf(stderr, "bopp: %s\n", result.message.c_str());
    if (result.time_limit) {
      std::fprintf(stderr, "bopp: `bopp resume %s` continues it\n", result.record.c_str());
      return kTimeLimitExitStatus;
    }
    const int signal = stop.signal.load();
    return stopped_exit_status(signal > 0 ? signal : SIGINT);
  }
  return 0;
}

}  // namespace

int evaluate_points(const host::PluginRegistry& registry, const EvalCommand& command) {
  const host::ObjectiveEntry& entry = registry.objective(command.objective);
  // The settings are the objective's own table: KEY=VALUE, parsed as the run's --set is.
  toml::table config;
  for (const auto& s : command.settings) {
    host::SetOption option = host::parse_set_option(s, host::kObjectiveSetting);
    host::assign_to(config, option);
  }
  try {
    bopp::apply_schema(config, entry.params(), "objective '" + command.objective + "'");
  } catch (const bopp::SchemaError& e) {
    throw host::Error("bopp eval: " + host::schema_message(e, entry.params()));
  }
  std::ostringstream config_text;
  config_text << config;

  host::HostServices services(
      command.objective, host::stderr_log_sink(host::log_threshold(command.verbosity)), nullptr, 1);
  host::Objective objective(entry, config_text.str(), host::objective_seed(command.seed), services);

  bopp::Points X;
  if (command.points == "-") {
    X = host::read_csv_points(std::cin, "<stdin>", objective.problem().dim());
  } else {
    const std::string source = echo(command.points);
    std::error_code ec;
    if (std::filesystem::is_directory(command.points, ec)) {
      throw host::Error(source + ": is a folder; --points takes a file of points, or - for stdin");
    }
    std::istringstream in;
    try {
      in.str(host::read_input_bytes(command.points));  // a regular file, bounded
    } catch (const host::Error& e) {
      throw host::Error(source + ": cannot read the points file: " + e.what());
    }
    X = host::read_csv_points(in, source, objective.problem().dim());
  }
  const bopp::Problem& problem = objective.problem();
  host::round_discrete(problem, X);
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    for (Eigen::Index i = 0; i < problem.dim(); ++i) {
      if (!(X(r, i) >= problem.lower[i] && X(r, i) <= problem.upper[i])) {
        throw host::Error(echo(command.points) + ": point " + std::to_string(r + 1) +
                          " is outside the bounds in x[" + std::to_string(i) + "] (expected [" +
                          shortest(problem.lower[i]) + ", " + shortest(problem.upper[i]) + "])");
      }
    }
  }
  int failures = 0;
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const auto e =
        objective.evaluate({X.data() + r * X.cols(), static_cast<std::size_t>(X.cols())},
                           host::evaluation_seed(command.seed, static_cast<std::uint64_t>(r)));
    if (e.ok) {
      std::printf("%.17g\n", e.y);
    } else {
      std::printf("nan\n");
      std::fprintf(stderr, "bopp: point %lld failed: %s\n", static_cast<long long>(r + 1),
                   e.message.c_str());
      ++failures;
    }
    // Each value is out before the next evaluation: an objective that crashes the process
    // later must not take the values already computed with it.
    std::fflush(stdout);
  }
  return failures > 0 ? 1 : 0;
}

}  // namespace bopp::cli
