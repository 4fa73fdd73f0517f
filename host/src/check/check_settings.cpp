#include <bopp/host/check/check_settings.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/common/toml_input.hpp>
#include <bopp/host/run/input/set_option.hpp>

#include <bopp/config_schema.hpp>

#include <cstring>
#include <utility>

namespace bopp::host {
namespace {

// One class of the library, as the options see it.
struct SettableClass {
  std::string kind;  // "algorithm" or "objective"
  std::string name;
  ParamList params;
};

std::vector<SettableClass> settable_classes(const PluginLibrary& library) {
  std::vector<SettableClass> classes;
  for (const bopp_algorithm_class& c : library.algorithms())
    classes.push_back({"algorithm", c.name, ParamList(c.params, c.param_count)});
  for (const bopp_objective_class& c : library.objectives())
    classes.push_back({"objective", c.name, ParamList(c.params, c.param_count)});
  return classes;
}

bool declares(ParamList params, const std::string& key) {
  for (const bopp_param* p : params)
    if (key == p->name) return true;
  return false;
}

}  // namespace

toml::table CheckSettings::table_of(const std::string& kind, const std::string& name) const {
  const auto& tables = kind == "algorithm" ? algorithms : objectives;
  const auto it = tables.find(name);
  return it == tables.end() ? toml::table{} : it->second;
}

CheckSettings resolve_check_settings(const std::vector<std::string>& settings,
                                     const PluginLibrary& library) {
  const std::vector<SettableClass> classes = settable_classes(library);
  const std::string file = library.path().filename().string();
  struct Parsed {
    SetOption option;
    std::string label;
  };
  std::vector<Parsed> parsed;
  for (const std::string& s : settings) {
    Parsed p{parse_set_option(s, kExperimentSetting), set_option_label(s)};
    const std::string& section = p.option.path.front();
    if (section != "objective" && section != "algorithm") {
      throw Error(p.label + ": " + unknown_name("section", section, {"objective", "algorithm"}) +
                  "; bopp check configures classes: objective.key=value, "
                  "objective.NAME.key=value, or the same under algorithm");
    }
    parsed.push_back(std::move(p));
  }

  CheckSettings out;
  // Which argument set each class's key, so that a refused value is blamed on it.
  std::map<std::pair<std::string, std::string>, std::string> origin;
  const auto set = [&](const SettableClass& c, const std::string& key, const Parsed& p) {
    auto& table = (c.kind == "algorithm" ? out.algorithms : out.objectives)[c.name];
    table.insert_or_assign(key, *p.option.holder.get("value"));
    origin[{c.kind + "." + c.name, key}] = p.label;
  };
  // The section-wide keys first, then the per-class ones over them, as a run applies them.
  for (const std::size_t length : {std::size_t{2}, std::size_t{3}}) {
    for (const Parsed& p : parsed) {
      const std::vector<std::string>& path = p.option.path;
      if (path.size() != length) continue;
      const std::string& kind = path.front();
      const std::string& key = path.back();
      bool applied = false;
      std::vector<std::string> names;
      for (const SettableClass& c : classes) {
        if (c.kind != kind) continue;
        names.push_back(c.name);
        if (length == 2 ? declares(c.params, key) : c.name == path[1]) {
          set(c, key, p);
          applied = true;
        }
      }
      if (applied) continue;
      if (length == 2) {
        throw Error(p.label + ": no " + kind + " of " + file + " declares the key '" + key + "'");
      }
      throw Error(p.label + ": " + file + " has no " + kind + " '" + path[1] + "'" +
                  did_you_mean(path[1], names));
    }
  }

  // Each class's values checked by its schema (the defaults are filled in later).
  for (const SettableClass& c : classes) {
    const auto& tables = c.kind == "algorithm" ? out.algorithms : out.objectives;
    const auto it = tables.find(c.name);
    if (it == tables.end()) continue;
    toml::table probe = it->second;
    try {
      bopp::apply_schema(probe, c.params, c.kind + " '" + c.name + "'");
    } catch (const bopp::SchemaError& e) {
      const auto from = origin.find({c.kind + "." + c.name, e.key()});
      // A missing required key is no option's fault: the defaults check reports it.
      if (from == origin.end()) continue;
      throw Error(from->second + ": " + schema_message(e, c.params));
    }
  }
  return out;
}

}  // namespace bopp::host
