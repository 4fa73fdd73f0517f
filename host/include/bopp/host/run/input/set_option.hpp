// bopp/host/run/input/set_option.hpp: one `--set KEY=VALUE` argument, parsed with TOML++.
#pragma once

#include <toml++/toml.h>

#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

// A `--set` argument taken apart: the key path (TOML's dotted key, quoted parts allowed) and
// one TOML value.
struct SetOption {
  std::string argument;           // as given, for messages
  std::vector<std::string> path;  // e.g. {"run", "seed"}
  toml::table holder;             // holds the value under the key "value"

  // The value; moved out by `assign_to`.
  toml::node& value() { return *holder.get("value"); }
};

// What a `--set` names: `bopp run` a key inside a section (run.seed=3) or inside a per-plugin
// table (objective.branin.dim=3), `bopp eval` a key of the objective's table (dim=3). Every
// schema is flat, so a deeper key path is refused.
struct SetShape {
  std::size_t min_keys;  // length of the key path
  std::size_t max_keys;
  const char* pattern;  // for messages: "section.key=value"
  const char* example;  // for messages: "run.seed=3"
};
inline constexpr SetShape kExperimentSetting{2, 3, "section.key=value", "run.seed=3"};
inline constexpr SetShape kObjectiveSetting{1, 1, "key=value", "dim=3"};

// Parses `argument` as KEY=VALUE: KEY must be one TOML key path of `shape`'s length and VALUE
// exactly one TOML value with nothing after it. A VALUE that is not TOML but one bare word (no
// spaces, quotes, brackets, braces, '#', '=' or ',') is taken as a string, so
// `objective.name=branin` works unquoted. Anything else is an Error, one line naming the argument
// and what was expected.
SetOption parse_set_option(const std::string& argument, const SetShape& shape);

// Sets the value at `option.path` relative to `table`, creating tables on the way; an Error
// when a key on the way holds a value that is not a table.
void assign_to(toml::table& table, SetOption& option);

// Parses an `--unset KEY` argument: one TOML key path of `shape`'s length, no value.
std::vector<std::string> parse_unset_option(const std::string& argument, const SetShape& shape);

// Removes the key at `path` from `table`; an Error naming `argument` when there is none, so a
// mistyped --unset is not silently ignored.
void remove_from(toml::table& table, const std::vector<std::string>& path,
                 const std::string& argument);

// "--set 'ARGUMENT'", with control characters shown as escapes, so a message stays one line.
std::string set_option_label(std::string_view argument);
// The same for "--unset 'ARGUMENT'".
std::string unset_option_label(std::string_view argument);

}  // namespace bopp::host
