// bopp/host/check/plugin_check.hpp: `bopp check LIBRARY.so`, every check of one library.
#pragma once

#include <bopp/host/check/check_result.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

// Loads `file` as the host does, then exercises every algorithm and objective it provides,
// reporting each check to `sink` as it ends. Returns whether every check passed. A plugin
// that crashes crashes the checker; every loop of the checks is bounded, so none hangs on
// its own (a plugin call that never returns still does).
// `settings` are --set options (bopp run's syntax, resolve_check_settings): a bad one throws
// Error naming it, before any class is exercised.
bool check_plugin(const std::filesystem::path& file, PluginTrust trust,
                  const std::vector<std::string>& settings, const CheckSink& sink);

}  // namespace bopp::host
