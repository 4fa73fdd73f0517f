// check_command.hpp: `bopp check LIBRARY.so [--set S.K=V]... [--json]`: a plugin library validated
// as the host uses it, one line (or one JSON object) per check.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace bopp::cli {

struct CheckCommand {
  std::filesystem::path library;
  std::vector<std::string> settings;  // --set options, bopp run's syntax
  bool json = false;                  // a JSON array on stdout instead of lines
  host::PluginTrust trust = host::PluginTrust::owner_only;
};

// 0 when every check passed, 1 otherwise, 2 for a --set option it refuses.
int check_library_file(const CheckCommand& command);

}  // namespace bopp::cli
