// bopp/kit/config.hpp: a plugin's configuration, parsed and checked against its schema.
#pragma once

#include <bopp/config_schema.hpp>

#include <toml++/toml.h>
#include <Eigen/Core>

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp {

// Typed read access to a plugin's configuration table. Built by the kit from the TOML
// text the host passes, after the schema check, so every declared key with a default is
// present and of its declared type; asking for an undeclared key is a plugin bug and throws.
//
// A rule the schema cannot express (powell's dimension must be a multiple of 4) is checked
// in the plugin's constructor: throw bopp::SchemaError(key, line, message), and the kit
// returns BOPP_INVALID_CONFIG with the message (line 0 when unknown).
class Config {
 public:
  Config() = default;
  explicit Config(toml::table table) : table_(std::move(table)) {}

  // Parses `text` and checks it against `params` (filling defaults).
  static Config parse(std::string_view text, std::span<const bopp_param* const> params,
                      std::string_view owner) {
    toml::table table = toml::parse(text);
    apply_schema(table, params, owner);
    return Config(std::move(table));
  }

  bool has(const std::string& key) const { return table_.contains(key); }

  double real(const std::string& key) const { return get<double>(key); }
  std::int64_t integer(const std::string& key) const { return get<std::int64_t>(key); }
  bool boolean(const std::string& key) const { return get<bool>(key); }
  std::string string(const std::string& key) const { return get<std::string>(key); }
  Eigen::VectorXd reals(const std::string& key) const {
    const toml::array* array = table_.get_as<toml::array>(key);
    if (array == nullptr) throw std::logic_error("configuration has no list '" + key + "'");
    Eigen::VectorXd out(static_cast<Eigen::Index>(array->size()));
    for (std::size_t i = 0; i < array->size(); ++i)
      out[static_cast<Eigen::Index>(i)] = *(*array)[i].value<double>();
    return out;
  }

  const toml::table& table() const { return table_; }

 private:
  template <class T>
  T get(const std::string& key) const {
    auto value = table_[key].value<T>();
    if (!value) throw std::logic_error("configuration has no " + key + " of the asked type");
    return *value;
  }

  toml::table table_;
};

}  // namespace bopp
