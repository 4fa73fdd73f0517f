// The locomotion objective library as a host sees it (tests/support/objective_module.hpp).
#pragma once

#include "objective_module.hpp"

#include <string>
#include <vector>

namespace locomotion_test {

using bopp::test::Creation;

inline const bopp_objective_class& objective_class(const std::string& name) {
  return bopp::test::module_objective("locomotion", name);
}

inline Creation try_create(const std::string& name, const std::string& config) {
  return bopp::test::try_create(objective_class(name), config);
}

// One instance of `name` ("swimmer" or "hopper"), destroyed with the object.
class Objective : public bopp::test::ModuleObjective {
 public:
  Objective(const std::string& name, const std::string& config = "")
      : ModuleObjective(objective_class(name), config) {}
};

}  // namespace locomotion_test
