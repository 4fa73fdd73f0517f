#include <bopp/host/common/duration_text.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/common/toml_input.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/input/set_option.hpp>
#include <bopp/kit/host_design.hpp>
#include <bopp/kit/param.hpp>

#include <bopp/config_schema.hpp>

#include <algorithm>
#include <span>
#include <sstream>

namespace bopp::host {
namespace {

const std::vector<std::string> kSections = {"run", "objective", "algorithm", "evaluator"};

// The host's own sections are declared with the same schema machinery as plugins.
const bopp::ParamTable& run_schema() {
  static const bopp::ParamTable table({
      bopp::Param::integer("seed", 0, "seed of the run: fixes every random choice").at_least(0),
      bopp::Param::integer("budget", 100, "number of evaluations").at_least(1),
      bopp::Param::integer("batch", 1, "most points one ask may return").at_least(1),
      bopp::Param::string("output", "",
                          "run record folder (default runs/<objective>-<algorithm>-<seed>)"),
      bopp::Param::real("sync_interval_s", 1.0,
                        "fsync evaluations.jsonl at most this often, seconds (0: every batch)")
          .at_least(0),
      bopp::Param::boolean("checkpoints", true,
                           "save the algorithm's state into the record (checkpoint.bin), so "
                           "bopp resume replays only the batches after it"),
      bopp::Param::real("checkpoint_interval_s", 60.0,
                        "save a checkpoint at most this often, seconds (0: after every batch)")
          .at_least(0),
      bopp::Param::string("time_limit", "",
                          "stop cleanly (checkpointed, exit status 75) once the run has taken "
                          "this long: '3h50m', '90m', '45s' or seconds (empty: no limit)"),
  });
  return table;
}

// [run] initial_design = { points = N, kind = "sobol" | "uniform" | "file", path = "..." }.
const bopp::ParamTable& initial_design_schema() {
  static const bopp::ParamTable table({
      bopp::Param::integer("points", 0,
                           "how many points (sobol, uniform: at least 1; file: the first rows, "
                           "0 for every row)")
          .range(0, 1000000),
      bopp::Param::choice("kind", "sobol", "sobol|uniform|file",
                          "scrambled Sobol, uniform, or the points of a CSV file"),
      bopp::Param::string("path", "", "kind = 'file': the CSV file of points, one per line"),
  });
  return table;
}

const bopp::ParamTable& evaluator_schema() {
  static const bopp::ParamTable table({
      bopp::Param::choice("kind", "serial", evaluator_kind_choices(), "how points are evaluated"),
      bopp::Param::integer("workers", 0, "parallel evaluations (0: one per core)").range(0, 4096),
      bopp::Param::real(
          "timeout_s", 0.0,
          "processes, mpi: seconds one evaluation may take before its worker is killed "
          "and the evaluation fails (0: no limit)")
          .at_least(0.0),
      bopp::Param::integer("memory_mb", 0,
                           "processes, mpi: address-space limit of each worker in MiB (0: none)")
          .at_least(0),
      bopp::Param::boolean("async", false,
                           "ask for more points whenever a worker is free, while others are "
                           "still being evaluated (the algorithm must support it)"),
  });
  return table;
}

std::string take_name(toml::table& table, const std::string& section, const std::string& source,
                      const toml::node* section_node) {
  toml::node* name = table.get("name");
  if (name == nullptr) {
    throw Error(toml_location(section_node, source) + "[" + section +
                "] missing required key 'name' (the " + section +
                " to use; `bopp list` shows them)");
  }
  if (!name->is_string()) {
    throw Error(toml_location(name, source) + "[" + section + "] key 'name' must be a string");
  }
  std::string value = name->as_string()->get();
  table.erase("name");
  return value;
}

toml::table take_table(toml::table& document, const std::string& section,
                       const std::string& source) {
  toml::node* node = document.get(section);
  if (node == nullptr) return {};
  if (!node->is_table())
    throw Error(toml_location(node, source) + "'" + section + "' must be a table [" + section +
                "]");
  return std::move(*node->as_table());  // a move keeps source positions; a copy drops them
}

// check_table, but a refused value that a --set option put there (a node with no place in the
// file) is blamed on that option: the last of `overrides` naming `kind`.key or
// `kind`.`plugin`.key (`kind` a section; `plugin` "" for [run] and [evaluator]).
// `tables`: as schema_message's.
void check_section(toml::table& table, ParamList params, const std::string& owner,
                   const std::string& context, const std::string& source, const std::string& kind,
                   const std::string& plugin, const std::vector<std::string>& overrides,
                   const std::vector<std::string>& tables = {}) {
  try {
    bopp::apply_schema(table, params, owner);
  } catch (const bopp::SchemaError& e) {
    const toml::node* node = table.get(e.key());
    std::string place = toml_location(node, source);
    if (node != nullptr && node->source().begin.line == 0) {
      for (const std::string& o : overrides) {
        const std::vector<std::string> path = parse_set_option(o, kExperimentSetting).path;
        if (path.front() == kind && path.back() == e.key() &&
            (path.size() == 2 || path[1] == plugin)) {
          place = set_option_label(o) + ": ";
        }
      }
    }
    throw Error(place + context + schema_message(e, params, tables));
  }
}

}  // namespace

std::string PluginSection::config_text() const {
  std::ostringstream s;
  s << config;
  return s.str();
}

namespace {

// The first key of an option's path must be a section, and only the plugin sections have
// per-plugin tables (a third key).
void check_option_path(const std::vector<std::string>& path, const std::string& label) {
  const std::string& section = path.front();
  if (std::find(kSections.begin(), kSections.end(), section) == kSections.end()) {
    throw Error(label + ": " + unknown_name("section", section, kSections) +
                "; sections: run, objective, algorithm, evaluator");
  }
  const bool design_key = section == "run" && path.size() >= 2 && path[1] == "initial_design";
  if (path.size() == 3 && section != "objective" && section != "algorithm" && !design_key) {
    throw Error(label +
                ": expected section.key, or objective.PLUGIN.key / algorithm.PLUGIN.key "
                "for a per-plugin table; [" +
                section + "] has none");
  }
}

// Moves the sub-tables of a plugin section out into `per_plugin`: no plugin key is a table.
void take_per_plugin_tables(PluginSection& section) {
  std::vector<std::string> names;
  for (auto&& [key, node] : section.config) {
    if (node.is_table()) names.emplace_back(key.str());
  }
  for (const std::string& name : names) {
    section.per_plugin.emplace(name, std::move(*section.config.get(name)->as_table()));
    section.config.erase(name);
  }
}

// Applies the chosen plugin's own table over the section's keys, and checks every other
// plugin's table against that plugin's schema, so a typo is found before the swap.
void resolve_per_plugin(PluginSection& section, const std::string& kind,
                        const PluginRegistry& registry, const std::string& source,
                        const std::vector<std::string>& overrides) {
  for (auto& [name, table] : section.per_plugin) {
    const std::string where = "[" + kind + "." + name + "] ";
    if (name == section.name) {
      for (auto&& [key, node] : table) section.config.insert_or_assign(key, std::move(node));
      continue;
    }
    const bool algorithm = kind == "algorithm";
    const ParamList* params = nullptr;
    ParamList found;
    if (algorithm ? registry.find_algorithm(name) != nullptr
                  : registry.find_objective(name) != nullptr) {
      found = algorithm ? registry.algorithm(name).params() : registry.objective(name).params();
      params = &found;
    }
    if (params == nullptr) {
      throw Error(
          toml_location(&table, source) + where + "is a per-plugin table for " +
          unknown_name(kind, name,
                       algorithm ? registry.algorithm_names() : registry.objective_names()));
    }
    // Checked in place (a copy would lose the lines); the table is dropped afterwards.
    check_section(table, *params, kind + " '" + name + "'", where, source, kind, name, overrides);
  }
  section.per_plugin.clear();
}

}  // namespace

std::optional<DesignTable> take_initial_design(toml::table& section, const std::string& name,
                                               const std::string& source) {
  toml::node* node = section.get("initial_design");
  if (node == nullptr) return std::nullopt;
  std::string where = toml_location(node, source);
  if (!node->is_table()) {
    throw Error(where + name +
                " key 'initial_design' must be a table: { points = N, kind = \"sobol\" | "
                "\"uniform\" | \"file\", path = \"...\" }");
  }
  DesignTable design{std::move(*node->as_table()), std::move(where)};
  section.erase("initial_design");
  return design;
}

InitialDesignSettings read_initial_design(toml::table& table, const std::string& where,
                                          std::uint64_t budget, const std::string& section,
                                          const std::string& source,
                                          const std::vector<std::string>& overrides) {
  const std::string name = section + " initial_design";
  check_section(table, params_of(initial_design_schema()), name, name + ": ", source, "run",
                "initial_design", overrides);
  InitialDesignSettings d;
  d.points = static_cast<std::uint64_t>(*table["points"].value<std::int64_t>());
  d.kind = *table["kind"].value<std::string>();
  d.path = *table["path"].value<std::string>();
  const auto at = [&](const char* key) {
    const toml::node* node = table.get(key);
    return node != nullptr && node->source().begin.line > 0 ? toml_location(node, source) : where;
  };
  if (d.kind == "file" && d.path.empty()) {
    throw Error(at("path") + name + ": kind = 'file' needs key 'path', the CSV file of points");
  }
  if (d.kind != "file" && !d.path.empty()) {
    throw Error(at("path") + name + ": key 'path' applies to kind = 'file' only, not '" + d.kind +
                "'");
  }
  if (d.kind != "file" && d.points < 1) {
    throw Error(at("points") + name + ": kind = '" + d.kind + "' needs key 'points' of at least 1");
  }
  if (d.points > budget) {
    throw Error(at("points") + name + ": points = " + std::to_string(d.points) +
                " is more than the budget, " + std::to_string(budget) +
                " (the design is evaluated whole before the algorithm's first ask)");
  }
  return d;
}

void apply_override(toml::table& document, const std::string& assignment) {
  SetOption option = parse_set_option(assignment, kExperimentSetting);
  check_option_path(option.path, set_option_label(assignment));
  assign_to(document, option);
}

void apply_unset(toml::table& document, const std::string& key) {
  const std::vector<std::string> path = parse_unset_option(key, kExperimentSetting);
  check_option_path(path, unset_option_label(key));
  remove_from(document, path, key);
}

Experiment Experiment::load(const std::filesystem::path& file,
                            const std::vector<std::string>& overrides,
                            const std::vector<std::string>& unsets) {
  return parse(read_input_file(file, "experiment file"), file.string(), overrides, unsets);
}

Experiment Experiment::parse(std::string_view text, const std::string& source,
                             const std::vector<std::string>& overrides,
                             const std::vector<std::string>& unsets) {
  toml::table document = parse_toml(text, source);
  for (const std::string& u : unsets) apply_unset(document, u);
  for (const std::string& o : overrides) apply_override(document, o);
  check_sections(document, kSections, "; allowed sections: run, objective, algorithm, evaluator",
                 source);

  Experiment e;
  e.source = source;
  e.overrides = overrides;
  toml::table run = take_table(document, "run", source);
  // A time limit may be written as a number of seconds: checked as the text it stands for.
  const std::string limit_where = toml_location(run.get("time_limit"), source);
  if (toml::node* limit = run.get("time_limit"); limit != nullptr && !limit->is_string()) {
    std::ostringstream number;
    if (limit->is_integer()) number << limit->as_integer()->get();
    if (limit->is_floating_point()) number << limit->as_floating_point()->get();
    if (!number.str().empty()) run.insert_or_assign("time_limit", number.str());
  }
  std::optional<DesignTable> design = take_initial_design(run, "[run]", source);
  check_section(run, params_of(run_schema()), "[run]", "[run] ", source, "run", "", overrides,
                {"initial_design"});
  e.seed = static_cast<std::uint64_t>(*run["seed"].value<std::int64_t>());
  e.budget = static_cast<std::uint64_t>(*run["budget"].value<std::int64_t>());
  e.batch = static_cast<std::uint64_t>(*run["batch"].value<std::int64_t>());
  e.output = *run["output"].value<std::string>();
  e.sync_interval_s = *run["sync_interval_s"].value<double>();
  e.checkpoints = *run["checkpoints"].value<bool>();
  e.checkpoint_interval_s = *run["checkpoint_interval_s"].value<double>();
  e.time_limit = *run["time_limit"].value<std::string>();
  if (!e.time_limit.empty()) {
    const std::optional<double> seconds = parse_duration(e.time_limit);
    if (!seconds) {
      throw Error(limit_where + "[run] key 'time_limit' must be a positive duration, " +
                  std::string(kDurationForms) + ", not '" + e.time_limit + "'");
    }
    e.time_limit_s = *seconds;
  }

  if (design)
    e.initial_design =
        read_initial_design(design->table, design->where, e.budget, "[run]", source, overrides);

  toml::table evaluator = take_table(document, "evaluator", source);
  check_section(evaluator, params_of(evaluator_schema()), "[evaluator]", "[evaluator] ", source,
                "evaluator", "", overrides);
  e.evaluator = *evaluator["kind"].value<std::string>();
  e.workers = static_cast<std::uint32_t>(*evaluator["workers"].value<std::int64_t>());
  e.timeout_s = *evaluator["timeout_s"].value<double>();
  e.memory_mb = static_cast<std::uint64_t>(*evaluator["memory_mb"].value<std::int64_t>());
  e.async = *evaluator["async"].value<bool>();
  // Only a worker process can be killed or capped without taking the run with it.
  const bool in_workers = e.evaluator == "processes" || e.evaluator == "mpi";
  for (const char* key : {"timeout_s", "memory_mb"}) {
    if (!in_workers && *evaluator[key].value<double>() != 0.0) {
      throw Error(toml_location(evaluator.get(key), source) + "[evaluator] key '" + key +
                  "' needs kind = 'processes' or 'mpi' (the " + e.evaluator +
                  " evaluator runs the objective in this process)");
    }
  }
  // An MPI job's evaluating ranks are its workers: mpirun -n K gives K - 1.
  if (e.evaluator == "mpi" && e.workers != 0) {
    throw Error(toml_location(evaluator.get("workers"), source) +
                "[evaluator] key 'workers' does not apply to kind = 'mpi': the ranks 1..K-1 of "
                "`mpirun -n K` evaluate");
  }

  for (auto [section, target] :
       {std::pair{"objective", &e.objective}, {"algorithm", &e.algorithm}}) {
    if (!document.contains(section)) {
      throw Error(source + ": missing section [" + section + "] (with at least `name = \"...\"`)");
    }
    target->config = take_table(document, section, source);
    target->name = take_name(target->config, section, source, document.get(section));
    take_per_plugin_tables(*target);
  }
  return e;
}

void resolve_plugin_section(PluginSection& section, const std::string& kind,
                            const PluginRegistry& registry, const std::string& source,
                            const std::vector<std::string>& overrides) {
  ParamList params;
  try {
    params = kind == "algorithm" ? registry.algorithm(section.name).params()
                                 : registry.objective(section.name).params();
  } catch (const Error& ex) {
    throw Error(source + ": [" + kind + "] " + ex.what());
  }
  resolve_per_plugin(section, kind, registry, source, overrides);
  check_section(section.config, params, kind + " '" + section.name + "'", "[" + kind + "] ", source,
                kind, section.name, overrides);
}

void Experiment::resolve_plugins(const PluginRegistry& registry) {
  resolve_plugin_section(objective, "objective", registry, source, overrides);
  resolve_plugin_section(algorithm, "algorithm", registry, source, overrides);
  pass_design_to_algorithm(algorithm, initial_design.has_value(), registry, source);
  if (output.empty()) {
    output = "runs/" + objective.name + "-" + algorithm.name + "-" + std::to_string(seed);
  }
}

void pass_design_to_algorithm(PluginSection& algorithm, bool design, const PluginRegistry& registry,
                              const std::string& source) {
  const AlgorithmEntry& entry = registry.algorithm(algorithm.name);
  const std::vector<std::string> keys = param_names(entry.params());
  const bool declared = std::find(keys.begin(), keys.end(), kDesignFromHost) != keys.end();
  if (!design) {
    // The key says the first tell is a design the algorithm did not ask for: only the host can
    // make that true.
    if (declared && algorithm.config[kDesignFromHost].value_or(false)) {
      throw Error(toml_location(algorithm.config.get(kDesignFromHost), source) +
                  "[algorithm] key '" + kDesignFromHost +
                  "' is set by the host from [run] initial_design; set that instead");
    }
    return;
  }
  if (!declared) {
    throw Error(source + ": initial_design: algorithm '" + algorithm.name + "' (" +
                entry.library->path().filename().string() +
                ") cannot start from a design given by the host: its schema declares no '" +
                kDesignFromHost + "' key; remove initial_design, or use an algorithm that has it");
  }
  algorithm.config.insert_or_assign(kDesignFromHost, true);
}

toml::table Experiment::to_toml() const {
  toml::table run{{"seed", static_cast<std::int64_t>(seed)},
                  {"budget", static_cast<std::int64_t>(budget)},
                  {"batch", static_cast<std::int64_t>(batch)},
                  {"output", output},
                  {"sync_interval_s", sync_interval_s},
                  {"checkpoints", checkpoints},
                  {"checkpoint_interval_s", checkpoint_interval_s},
                  {"time_limit", time_limit}};
  if (initial_design) {
    toml::table design{{"points", static_cast<std::int64_t>(initial_design->points)},
                       {"kind", initial_design->kind}};
    if (!initial_design->path.empty()) design.insert("path", initial_design->path);
    run.insert("initial_design", design);
  }
  toml::table objective_table = objective.config;
  objective_table.insert("name", objective.name);
  toml::table algorithm_table = algorithm.config;
  algorithm_table.insert("name", algorithm.name);
  toml::table evaluator_table{{"kind", evaluator},
                              {"workers", static_cast<std::int64_t>(workers)},
                              {"timeout_s", timeout_s},
                              {"memory_mb", static_cast<std::int64_t>(memory_mb)},
                              {"async", async}};
  return toml::table{{"run", run},
                     {"objective", objective_table},
                     {"algorithm", algorithm_table},
                     {"evaluator", evaluator_table}};
}

}  // namespace bopp::host
