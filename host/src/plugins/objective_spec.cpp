#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective_spec.hpp>

namespace bopp::host {

ObjectiveSpec ObjectiveSpec::of(const ObjectiveEntry& entry, std::string config_text,
                                std::uint64_t seed) {
  return {entry.library->path(), entry.name(), std::move(config_text), seed};
}

std::unique_ptr<Objective> make_objective(const ObjectiveSpec& spec, const PluginRegistry& registry,
                                          const HostServices& services) {
  const ObjectiveEntry& entry = registry.objective(spec.name);
  std::error_code ec;
  if (!std::filesystem::equivalent(entry.library->path(), spec.library, ec)) {
    throw Error("objective '" + spec.name + "' is provided by " + entry.library->path().string() +
                " here, not by " + spec.library.string());
  }
  return std::make_unique<Objective>(entry, spec.config_text, spec.seed, services);
}

}  // namespace bopp::host
