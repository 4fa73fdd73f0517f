// bopp/host/common/seconds.hpp: spans of time in seconds, as run records and messages give them.
#pragma once

#include <chrono>
#include <sstream>
#include <string>

namespace bopp::host {

// Seconds from `start` to now, on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A number of seconds as a message shows it: the stream's default form ("2.5", "1e-05").
inline std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

}  // namespace bopp::host
