// bopp/host/plugins/typed_config.hpp: an instance's configuration as ABI 1.1's typed entries
// (bopp_config_entry), for plugins that read it without a TOML parser (docs/abi.md).
#pragma once

#include <bopp/abi.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

// Built from the resolved TOML text `create` receives and the class's parameter schema: one
// entry per key present, in the schema's order. Owns every string and array it points to, at
// fixed addresses: keep it alive as long as the instance.
class TypedConfig {
 public:
  TypedConfig(std::span<const bopp_param* const> params, const std::string& config_toml);
  TypedConfig(const TypedConfig&) = delete;
  TypedConfig& operator=(const TypedConfig&) = delete;

  // `services` with the config fields set to these entries.
  bopp_host attach(const bopp_host& services) const;
  std::size_t size() const { return pointers_.size(); }

 private:
  struct Owned {
    std::string name;
    std::string text;
    std::vector<double> reals;
    bopp_config_entry entry{};
  };
  std::vector<std::unique_ptr<Owned>> owned_;
  std::vector<const bopp_config_entry*> pointers_;
};

}  // namespace bopp::host
