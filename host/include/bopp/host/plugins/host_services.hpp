// bopp/host/plugins/host_services.hpp: the bopp_host a plugin instance receives.
#pragma once

#include <bopp/abi.h>

#include <atomic>
#include <functional>
#include <string>

namespace bopp::host {

// Where plugin log lines go: (level, plugin name, message).
using LogSink =
    std::function<void(std::int32_t level, const std::string& plugin, const std::string& message)>;

// "debug", "info", "warning", "error", or "log" for a level the ABI does not define.
const char* log_level_name(std::int32_t level);

// Writes "[plugin] level: message" to stderr for levels >= `threshold`.
LogSink stderr_log_sink(std::int32_t threshold);

// The stderr threshold for a count of -v: warnings and errors, then info, then debug.
std::int32_t log_threshold(int verbosity);

// The services lent to one plugin instance: logging tagged with the plugin's name, the
// run's shared stop flag, the thread budget. Must outlive the instance it was given to.
class HostServices {
 public:
  HostServices(std::string plugin, LogSink sink, const std::atomic<bool>* stop_flag,
               std::uint32_t thread_budget);
  HostServices(const HostServices&) = delete;
  HostServices& operator=(const HostServices&) = delete;

  const bopp_host* get() const { return &c_; }

 private:
  static void log(void* context, std::int32_t level, const char* message);
  static std::int32_t stop_requested(void* context);

  std::string plugin_;
  LogSink sink_;
  const std::atomic<bool>* stop_flag_;
  bopp_host c_{};
};

}  // namespace bopp::host
