// bopp/host/common/toml_input.hpp: reading the TOML files users write (experiments, grids):
// where a node came from, syntax errors, sections and keys checked against a schema. Every
// error is one line naming the file (or --set option), the line and what was expected.
#pragma once

#include <bopp/abi.h>
#include <bopp/config_schema.hpp>
#include <bopp/kit/param.hpp>

#include <toml++/toml.h>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

using ParamList = std::span<const bopp_param* const>;

// "file:line: " for a node, from the source it was parsed from (the file, or the --set
// option that gave it); "fallback: " when the node is null or has no position.
std::string toml_location(const toml::node* node, const std::string& fallback);

// The whole of a file the user named; throws Error "<file>: cannot read the <what>".
std::string read_input_file(const std::filesystem::path& file, const std::string& what);

// Parses `text`; a syntax error is an Error "source:line:column: TOML syntax error: ...".
toml::table parse_toml(std::string_view text, const std::string& source);

// Throws Error naming the first top-level key of `document` not in `allowed`, with the
// closest allowed one and `hint` ("; allowed sections: ...") after it.
void check_sections(const toml::table& document, const std::vector<std::string>& allowed,
                    const std::string& hint, const std::string& source);

// The C view of a host-side schema, and the names it declares.
ParamList params_of(const bopp::ParamTable& table);
std::vector<std::string> param_names(ParamList params);

// The schema's message, with " (did you mean 'x'?)" after an unknown key. `tables`: keys of the
// section read apart, before the schema (such as [run] initial_design), named among the allowed
// keys and suggested all the same.
std::string schema_message(const bopp::SchemaError& error, ParamList params,
                           const std::vector<std::string>& tables = {});

// Checks `table` against `params` (filling defaults); a mismatch is an Error
// "<where the key is> <context><message>", e.g. "exp.toml:3: [run] unknown key ...".
// `owner` names the schema's owner in the message ("objective 'branin'").
void check_table(toml::table& table, ParamList params, const std::string& owner,
                 const std::string& context, const std::string& source,
                 const std::vector<std::string>& tables = {});

}  // namespace bopp::host
