// The synthetic objective library as a host sees it (tests/support/objective_module.hpp).
#pragma once

#include "objective_module.hpp"

namespace synthetic_test {

using bopp::test::Creation;

inline const bopp_manifest& manifest() { return bopp::test::module_manifest("synthetic"); }

inline const bopp_objective_class& objective_class(const std::string& name) {
  return bopp::test::module_objective("synthetic", name);
}

inline Creation try_create(const std::string& name, const std::string& config) {
  return bopp::test::try_create(objective_class(name), config);
}

// One instance of the objective `name`, destroyed with the object.
class Objective : public bopp::test::ModuleObjective {
 public:
  Objective(const std::string& name, const std::string& config)
      : ModuleObjective(objective_class(name), config) {}
};

}  // namespace synthetic_test
