#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/common/toml_input.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace bopp::host {

std::string toml_location(const toml::node* node, const std::string& fallback) {
  if (node == nullptr) return fallback + ": ";
  const toml::source_region& region = node->source();
  const std::string path = region.path ? *region.path : fallback;
  if (region.begin.line == 0) return path + ": ";
  return path + ":" + std::to_string(region.begin.line) + ": ";
}

std::string read_input_file(const std::filesystem::path& file, const std::string& what) {
  try {
    return read_input_bytes(file);
  } catch (const Error& e) {
    throw Error(file.string() + ": cannot read the " + what + ": " + e.what());
  }
}

toml::table parse_toml(std::string_view text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw Error(source + ":" + std::to_string(e.source().begin.line) + ":" +
                std::to_string(e.source().begin.column) +
                ": TOML syntax error: " + std::string(e.description()));
  }
}

void check_sections(const toml::table& document, const std::vector<std::string>& allowed,
                    const std::string& hint, const std::string& source) {
  for (auto&& [key, node] : document) {
    const std::string name(key.str());
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      throw Error(toml_location(&node, source) + "unknown section [" + name + "]" +
                  did_you_mean(name, allowed) + hint);
    }
  }
}

ParamList params_of(const bopp::ParamTable& table) { return {table.data(), table.size()}; }

std::vector<std::string> param_names(ParamList params) {
  std::vector<std::string> names;
  for (const bopp_param* p : params) names.push_back(p->name);
  return names;
}

std::string schema_message(const bopp::SchemaError& error, ParamList params,
                           const std::vector<std::string>& tables) {
  std::string message = error.what();
  if (message.rfind("unknown key", 0) == 0) {
    std::vector<std::string> known = param_names(params);
    for (const std::string& t : tables) message += ", " + t + " (a table)";
    known.insert(known.end(), tables.begin(), tables.end());
    message += did_you_mean(error.key(), known);
  }
  return message;
}

void check_table(toml::table& table, ParamList params, const std::string& owner,
                 const std::string& context, const std::string& source,
                 const std::vector<std::string>& tables) {
  try {
    bopp::apply_schema(table, params, owner);
  } catch (const bopp::SchemaError& e) {
    throw Error(toml_location(table.get(e.key()), source) + context +
                schema_message(e, params, tables));
  }
}

}  // namespace bopp::host
