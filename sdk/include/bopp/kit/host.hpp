// bopp/kit/host.hpp: the C++ face of the services a host lends a plugin instance.
#pragma once

#include <bopp/abi.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace bopp {

enum class LogLevel : std::int32_t {
  debug = BOPP_LOG_DEBUG,
  info = BOPP_LOG_INFO,
  warning = BOPP_LOG_WARNING,
  error = BOPP_LOG_ERROR,
};

// Logging, the cooperative stop flag and the thread budget. Safe to copy; works (silently)
// when the host passed NULL, so plugins can be unit-tested without a host.
class Host {
 public:
  Host() = default;
  explicit Host(const bopp_host* c) {
    if (c != nullptr) std::memcpy(&c_, c, std::min<std::size_t>(c->struct_size, sizeof c_));
  }

  void log(LogLevel level, const std::string& message) const {
    if (c_.log != nullptr) c_.log(c_.context, static_cast<std::int32_t>(level), message.c_str());
  }
  void debug(const std::string& message) const { log(LogLevel::debug, message); }
  void info(const std::string& message) const { log(LogLevel::info, message); }
  void warning(const std::string& message) const { log(LogLevel::warning, message); }

  bool stop_requested() const {
    return c_.stop_requested != nullptr && c_.stop_requested(c_.context) != 0;
  }
  unsigned thread_budget() const { return c_.thread_budget > 0 ? c_.thread_budget : 1u; }

 private:
  bopp_host c_{};
};

}  // namespace bopp
