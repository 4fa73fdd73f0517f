#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/experiment.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/kit/param.hpp>

#include <bopp/config_schema.hpp>

#include <algorithm>
#include <fstream>
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
      bopp::Param::string("output", "", "run record folder (default runs/<objective>-<algorithm>-<seed>)"),
  });
  return table;
}

const bopp::ParamTable& evaluator_schema() {
  static const bopp::ParamTable table({
      bopp::Param::choice("kind", "serial", "serial|threads", "how points are evaluated"),
      bopp::Param::integer("workers", 0, "parallel evaluations (0: one per core)").range(0, 4096),
  });
  return table;
}

// "file:line: " for a node, from the source it was parsed from (the file or a --set).
std::string where(const toml::node* node, const std::string& fallback) {
  if (node == nullptr) return fallback + ": ";
  const toml::source_region& region = node->source();
  const std::string path = region.path ? *region.path : fallback;
  if (region.begin.line == 0) return path + ": ";
  return path + ":" + std::to_string(region.begin.line) + ": ";
}

// Checks `table` against `params`; turns a SchemaError into a one-line Error naming the
// file (or --set option), the line, the section and the key.
void check_section(toml::table& table, std::span<const bopp_param* const> params,
                   const std::string& owner, const std::string& section, const std::string& source) {
  try {
    bopp::apply_schema(table, params, owner);
  } catch (const bopp::SchemaError& e) {
    std::string message = e.what();
    if (message.rfind("unknown key", 0) == 0) {
      std::vector<std::string> names;
      for (const bopp_param* p : params) names.push_back(p->name);
      message += did_you_mean(e.key(), names);
    }
    throw Error(where(table.get(e.key()), source) + "[" + section + "] " + message);
  }
}

std::span<const bopp_param* const> params_of(const bopp::ParamTable& table) {
  return {table.data(), table.size()};
}

// A string as a TOML literal, quoted and escaped.
std::string toml_string_literal(const std::string& value) {
  std::ostringstream s;
  s << toml::value<std::string>(value);
  return s.str();
}

std::string take_name(toml::table& table, const std::string& section, const std::string& source,
                      const toml::node* section_node) {
  toml::node* name = table.get("name");
  if (name == nullptr) {
    throw Error(where(section_node, source) + "[" + section + "] missing required key 'name' (the " +
                section + " to use; `bopp list` shows them)");
  }
  if (!name->is_string()) {
    throw Error(where(name, source) + "[" + section + "] key 'name' must be a string");
  }
  std::string value = name->as_string()->get();
  table.erase("name");
  return value;
}

toml::table take_table(toml::table& document, const std::string& section, const std::string& source) {
  toml::node* node = document.get(section);
  if (node == nullptr) return {};
  if (!node->is_table()) throw Error(where(node, source) + "'" + section + "' must be a table [" + section + "]");
  return std::move(*node->as_table());  // a move keeps source positions; a copy drops them
}

}  // namespace

std::string PluginSection::config_text() const {
  std::ostringstream s;
  s << config;
  return s.str();
}

void apply_override(toml::table& document, const std::string& assignment) {
  const std::string option = "--set " + assignment;
  const auto equals = assignment.find('=');
  const auto dot = assignment.find('.');
  if (equals == std::string::npos || dot == std::string::npos || dot > equals) {
    throw Error(option + ": expected section.key=value (e.g. --set run.seed=3)");
  }
  const std::string section = assignment.substr(0, dot);
  const std::string key = assignment.substr(dot + 1, equals - dot - 1);
  const std::string value = assignment.substr(equals + 1);
  if (std::find(kSections.begin(), kSections.end(), section) == kSections.end()) {
    throw Error(option + ": unknown section '" + section + "'" + did_you_mean(section, kSections) +
                "; sections: run, objective, algorithm, evaluator");
  }
  if (key.empty()) throw Error(option + ": the key is empty");
  toml::table parsed;
  try {
    parsed = toml::parse(key + " = " + value, option);
  } catch (const toml::parse_error&) {
    // Not a TOML value: take it as a string.
    parsed = toml::parse(key + " = " + toml_string_literal(value), option);
  }
  toml::node* node = document.get(section);
  if (node == nullptr) {
    document.insert(section, toml::table{});
    node = document.get(section);
  }
  if (!node->is_table()) throw Error(option + ": '" + section + "' is not a table");
  node->as_table()->insert_or_assign(key, std::move(*parsed.get(key)));
}

Experiment Experiment::load(const std::filesystem::path& file,
                            const std::vector<std::string>& overrides) {
  std::ifstream in(file);
  if (!in) throw Error(file.string() + ": cannot read the experiment file");
  std::stringstream text;
  text << in.rdbuf();
  return parse(text.str(), file.string(), overrides);
}

Experiment Experiment::parse(std::string_view text, const std::string& source,
                             const std::vector<std::string>& overrides) {
  toml::table document;
  try {
    document = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw Error(source + ":" + std::to_string(e.source().begin.line) + ":" +
                std::to_string(e.source().begin.column) + ": TOML syntax error: " +
                std::string(e.description()));
  }
  for (const std::string& o : overrides) apply_override(document, o);

  for (auto&& [key, node] : document) {
    const std::string name(key.str());
    if (std::find(kSections.begin(), kSections.end(), name) == kSections.end()) {
      throw Error(where(&node, source) + "unknown section [" + name + "]" +
                  did_you_mean(name, kSections) +
                  "; allowed sections: run, objective, algorithm, evaluator");
    }
  }

  Experiment e;
  e.source = source;
  toml::table run = take_table(document, "run", source);
  check_section(run, params_of(run_schema()), "[run]", "run", source);
  e.seed = static_cast<std::uint64_t>(*run["seed"].value<std::int64_t>());
  e.budget = static_cast<std::uint64_t>(*run["budget"].value<std::int64_t>());
  e.batch = static_cast<std::uint64_t>(*run["batch"].value<std::int64_t>());
  e.output = *run["output"].value<std::string>();

  toml::table evaluator = take_table(document, "evaluator", source);
  check_section(evaluator, params_of(evaluator_schema()), "[evaluator]", "evaluator", source);
  e.evaluator = *evaluator["kind"].value<std::string>();
  e.workers = static_cast<std::uint32_t>(*evaluator["workers"].value<std::int64_t>());

  for (auto [section, target] : {std::pair{"objective", &e.objective}, {"algorithm", &e.algorithm}}) {
    if (!document.contains(section)) {
      throw Error(source + ": missing section [" + section + "] (with at least `name = \"...\"`)");
    }
    target->config = take_table(document, section, source);
    target->name = take_name(target->config, section, source, document.get(section));
  }
  return e;
}

void Experiment::resolve_plugins(const PluginRegistry& registry) {
  std::span<const bopp_param* const> objective_params, algorithm_params;
  try {
    objective_params = registry.objective(objective.name).params();
  } catch (const Error& ex) {
    throw Error(source + ": [objective] " + ex.what());
  }
  try {
    algorithm_params = registry.algorithm(algorithm.name).params();
  } catch (const Error& ex) {
    throw Error(source + ": [algorithm] " + ex.what());
  }
  check_section(objective.config, objective_params, "objective '" + objective.name + "'",
                "objective", source);
  check_section(algorithm.config, algorithm_params, "algorithm '" + algorithm.name + "'",
                "algorithm", source);
  if (output.empty()) {
    output = "runs/" + objective.name + "-" + algorithm.name + "-" + std::to_string(seed);
  }
}

toml::table Experiment::to_toml() const {
  toml::table run{{"seed", static_cast<std::int64_t>(seed)},
                  {"budget", static_cast<std::int64_t>(budget)},
                  {"batch", static_cast<std::int64_t>(batch)},
                  {"output", output}};
  toml::table objective_table = objective.config;
  objective_table.insert("name", objective.name);
  toml::table algorithm_table = algorithm.config;
  algorithm_table.insert("name", algorithm.name);
  toml::table evaluator_table{{"kind", evaluator}, {"workers", static_cast<std::int64_t>(workers)}};
  return toml::table{{"run", run},
                     {"objective", objective_table},
                     {"algorithm", algorithm_table},
                     {"evaluator", evaluator_table}};
}

}  // namespace bopp::host
