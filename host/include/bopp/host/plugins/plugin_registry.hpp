// bopp/host/plugins/plugin_registry.hpp: every algorithm and objective found in the plugin
// folders.
#pragma once

#include <bopp/abi.h>
#include <bopp/host/plugins/plugin_library.hpp>

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

struct AlgorithmEntry {
  std::shared_ptr<const PluginLibrary> library;
  const bopp_algorithm_class* table;  // points into library
  std::string name() const { return table->name; }
  std::span<const bopp_param* const> params() const { return {table->params, table->param_count}; }
};

struct ObjectiveEntry {
  std::shared_ptr<const PluginLibrary> library;
  const bopp_objective_class* table;
  std::string name() const { return table->name; }
  std::span<const bopp_param* const> params() const { return {table->params, table->param_count}; }
};

// A file in a plugin folder that could not be used, and why (one line).
struct BrokenLibrary {
  std::filesystem::path path;
  std::string reason;
};

// The plugin folders to search, in order of precedence: the --plugin-path folders, then
// BOPP_PLUGIN_PATH (colon-separated), then the folder beside the bopp binary
// (<prefix>/lib/bopp/plugins, which is also the build tree's folder). Never the current
// directory, unless named.
std::vector<std::filesystem::path> plugin_search_path(
    const std::vector<std::filesystem::path>& from_command_line);

// Whether a plugin library that someone else could have changed is loaded. Loading a library
// runs its code with the rights of the user running bopp.
enum class PluginTrust {
  // Refuse a library that is writable by group or others, owned by a user other than the
  // one running bopp and root, or that lies in a folder like that (as ssh refuses such a
  // key). A folder above the plugin folder may be writable by others if it is sticky
  // (/tmp); a group-writable file or folder is fine when its group is its owner's private
  // group (the usual umask 002 setups).
  owner_only,
  // Load them anyway: --allow-insecure-plugins, or BOPP_ALLOW_INSECURE_PLUGINS=1.
  any,
};

// PluginTrust::any when `allow_insecure` (the command line) or BOPP_ALLOW_INSECURE_PLUGINS=1.
PluginTrust plugin_trust(bool allow_insecure);

// Empty when `file` may be loaded under PluginTrust::owner_only; otherwise one line naming
// the file, what is wrong, and how to fix it.
std::string insecure_plugin_reason(const std::filesystem::path& file);

class PluginRegistry {
 public:
  // Loads every `*.so` file in `folders` (not recursively; in order, files sorted by name).
  // A library that fails is recorded as broken and skipped; so is a library providing a
  // name that an earlier one already provides (the earlier one wins, as on a PATH), and,
  // unless `trust` is PluginTrust::any, a library others could have changed.
  explicit PluginRegistry(std::vector<std::filesystem::path> folders,
                          PluginTrust trust = PluginTrust::owner_only);

  const std::vector<std::filesystem::path>& folders() const { return folders_; }
  const std::vector<std::shared_ptr<const PluginLibrary>>& libraries() const { return libraries_; }
  const std::vector<AlgorithmEntry>& algorithms() const { return algorithms_; }
  const std::vector<ObjectiveEntry>& objectives() const { return objectives_; }
  const std::vector<BrokenLibrary>& broken() const { return broken_; }

  // Look-ups that throw Error naming the unknown name and the closest known one.
  const AlgorithmEntry& algorithm(const std::string& name) const;
  const ObjectiveEntry& objective(const std::string& name) const;
  const AlgorithmEntry* find_algorithm(const std::string& name) const;
  const ObjectiveEntry* find_objective(const std::string& name) const;

  std::vector<std::string> algorithm_names() const;
  std::vector<std::string> objective_names() const;

 private:
  void add_library(const std::filesystem::path& file);
  std::string unknown_name_message(const std::string& kind, const std::string& name,
                                   const std::vector<std::string>& known) const;

  std::vector<std::filesystem::path> folders_;
  PluginTrust trust_;
  std::vector<std::shared_ptr<const PluginLibrary>> libraries_;
  std::vector<AlgorithmEntry> algorithms_;
  std::vector<ObjectiveEntry> objectives_;
  std::vector<BrokenLibrary> broken_;
};

}  // namespace bopp::host
