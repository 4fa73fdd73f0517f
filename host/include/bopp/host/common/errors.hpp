// bopp/host/common/errors.hpp: the one kind of error the host reports to a user.
#pragma once

#include <stdexcept>
#include <string>

namespace bopp::host {

// A problem to report to the user as one line: it names the file, key or plugin at fault
// and what was expected. Everything the host throws at a user is one of these.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A plugin broke the contract of abi.h (a point outside the bounds, too many points, a
// bad problem description). Its message starts "plugin misbehaving: ".
class PluginMisbehaving : public Error {
 public:
  explicit PluginMisbehaving(const std::string& what);
};

}  // namespace bopp::host
