// bopp/host/check/check_settings.hpp: the `--set` options of `bopp check`, resolved to the
// classes of one library.
#pragma once

#include <bopp/host/plugins/plugin_library.hpp>

#include <toml++/toml.h>

#include <map>
#include <string>
#include <vector>

namespace bopp::host {

// Each class's configuration table from the options (absent: none of them applies to it).
struct CheckSettings {
  std::map<std::string, toml::table> algorithms;
  std::map<std::string, toml::table> objectives;

  // The table of class `name` of `kind` ("algorithm", "objective"); empty when none applies.
  toml::table table_of(const std::string& kind, const std::string& name) const;
};

// Resolves `bopp run`'s --set syntax for one library: `objective.key=value` sets the key of
// every objective class that declares it, `objective.NAME.key=value` (the per-plugin form)
// that of class NAME alone, over the former; likewise for `algorithm`. Each value is checked
// by its class's schema, as a run checks it. Throws Error naming the --set argument: bad
// syntax, another section, a class the library lacks, a key no class of the kind declares, or
// a value the schema refuses.
CheckSettings resolve_check_settings(const std::vector<std::string>& settings,
                                     const PluginLibrary& library);

}  // namespace bopp::host
