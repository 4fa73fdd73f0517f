// libbopp-gpsample.so as a host sees it (tests/support/objective_module.hpp).
#pragma once

#include "objective_module.hpp"

#include <stdexcept>
#include <string>

namespace gpsample_test {

// The module's one objective class.
inline const bopp_objective_class& objective_class() {
  const bopp_manifest& m = bopp::test::module_manifest("gpsample");
  if (m.objective_count != 1)
    throw std::runtime_error("libbopp-gpsample.so should provide one objective");
  return *m.objectives[0];
}

inline bopp_status create_status(const std::string& config) {
  return bopp::test::try_create(objective_class(), config).status;
}

// One gpsample instance, destroyed with the object; `create_seed` is the host's seed.
class Objective : public bopp::test::ModuleObjective {
 public:
  explicit Objective(const std::string& config, std::uint64_t create_seed = 1)
      : ModuleObjective(objective_class(), config, create_seed) {}
};

}  // namespace gpsample_test
