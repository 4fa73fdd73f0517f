// check_command.hpp: `bopp check LIBRARY.so [--json]`: a plugin library validated as the
// host uses it, one line (or one JSON object) per check.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include <filesystem>

namespace bopp::cli {

struct CheckCommand {
  std::filesystem::path library;
  bool json = false;  // a JSON array on stdout instead of lines
  host::PluginTrust trust = host::PluginTrust::owner_only;
};

// 0 when every check passed, 1 otherwise.
int check_library_file(const CheckCommand& command);

}  // namespace bopp::cli
