// bopp/host/plugins/objective_spec.hpp: an objective described by value, so that another
// thread, process or machine can make the same instance.
#pragma once

#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace bopp::host {

// Everything that makes an objective instance, as plain data: it can be copied into a
// worker process or sent to another rank, where `make_objective` makes the same instance
// (same library, configuration and seed, hence the same values).
struct ObjectiveSpec {
  std::filesystem::path library;  // the plugin library that provides it, as loaded
  std::string name;               // the objective's name in that library
  std::string config_text;        // its table as TOML, every default filled in
  std::uint64_t seed = 0;         // the seed its `create` receives

  // The spec of objective `entry` with this configuration and seed.
  static ObjectiveSpec of(const ObjectiveEntry& entry, std::string config_text, std::uint64_t seed);
};

// Makes the instance `spec` describes from the libraries `registry` loaded. Throws Error when
// the registry has no such objective, or has it from another library than `spec.library`.
std::unique_ptr<Objective> make_objective(const ObjectiveSpec& spec, const PluginRegistry& registry,
                                          const HostServices& services);

}  // namespace bopp::host
