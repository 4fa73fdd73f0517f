// bopp/bo/log.hpp: how the toolkit reports what it had to do (jitter added, a restart
// that failed). The toolkit keeps no global state, so the caller passes the sink.
#pragma once

#include <functional>
#include <string>

namespace bopp::bo {

// Receives one line per event. An empty function discards the messages. A plugin passes
// a lambda forwarding to its bopp::Host (`[&host](const std::string& m) { host.warning(m); }`).
using LogCallback = std::function<void(const std::string& message)>;

inline void log_to(const LogCallback& log, const std::string& message) {
  if (log) log(message);
}

}  // namespace bopp::bo
