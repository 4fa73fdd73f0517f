// bopp/host/check/class_defaults.hpp: whether a class's schema accepts its own defaults.
#pragma once

#include <bopp/host/check/check_result.hpp>
#include <bopp/host/common/toml_input.hpp>

#include <optional>
#include <string>

namespace bopp::host {

// The check "defaults": the configuration table `given` (empty, or the values of bopp check's
// --set options), checked against `params` as the host checks a user's table, must be
// accepted. Returns the completed table as TOML text (what
// `create` receives), or nullopt when the schema refuses it: failed, or passed with the
// schema's message when a key is required (the class cannot be exercised without it).
std::optional<std::string> check_defaults(const std::string& subject, ParamList params,
                                          toml::table given, const CheckSink& sink);

}  // namespace bopp::host
