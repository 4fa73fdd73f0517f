#include <bopp/host/check/algorithm_checks.hpp>
#include <bopp/host/check/check_settings.hpp>
#include <bopp/host/check/class_defaults.hpp>
#include <bopp/host/check/library_checks.hpp>
#include <bopp/host/check/objective_checks.hpp>
#include <bopp/host/check/plugin_check.hpp>

namespace bopp::host {

bool check_plugin(const std::filesystem::path& file, PluginTrust trust,
                  const std::vector<std::string>& settings, const CheckSink& sink) {
  bool all_passed = true;
  const CheckSink counting = [&](const CheckResult& r) {
    all_passed = all_passed && r.passed;
    sink(r);
  };
  const auto library = check_library(file, trust, counting);
  if (library == nullptr) return false;
  const CheckSettings tables = resolve_check_settings(settings, *library);
  for (const bopp_algorithm_class& c : library->algorithms()) {
    const AlgorithmEntry entry{library, &c};
    if (auto config = check_defaults(entry.name(), entry.params(),
                                     tables.table_of("algorithm", entry.name()), counting)) {
      check_algorithm(entry, *config, counting);
    }
  }
  for (const bopp_objective_class& c : library->objectives()) {
    const ObjectiveEntry entry{library, &c};
    if (auto config = check_defaults(entry.name(), entry.params(),
                                     tables.table_of("objective", entry.name()), counting)) {
      check_objective(entry, *config, counting);
    }
  }
  return all_passed;
}

}  // namespace bopp::host
