// bopp/kit/detail/boundary.hpp: turning C++ exceptions into ABI statuses and messages.
#pragma once

#include <bopp/abi.h>
#include <bopp/config_schema.hpp>

#include <cstring>
#include <exception>
#include <string_view>

namespace bopp::kit {

// Copies `message` into the caller's buffer, truncated and always NUL-terminated.
inline void write_error(char* buffer, std::size_t capacity, std::string_view message) noexcept {
  if (buffer == nullptr || capacity == 0) return;
  const std::size_t n = message.size() < capacity - 1 ? message.size() : capacity - 1;
  std::memcpy(buffer, message.data(), n);
  buffer[n] = '\0';
}

// Runs `body` and maps any exception to a status: a schema error or a toml parse error is
// BOPP_INVALID_CONFIG, anything else BOPP_ERROR. Nothing escapes: this is the boundary.
template <class Body>
bopp_status guarded(char* error, std::size_t capacity, Body&& body) noexcept {
  try {
    body();
    return BOPP_OK;
  } catch (const SchemaError& e) {
    write_error(error, capacity, e.what());
    return BOPP_INVALID_CONFIG;
  } catch (const toml::parse_error& e) {
    write_error(error, capacity, e.description());
    return BOPP_INVALID_CONFIG;
  } catch (const std::exception& e) {
    write_error(error, capacity, e.what());
    return BOPP_ERROR;
  } catch (...) {
    write_error(error, capacity, "unknown exception");
    return BOPP_ERROR;
  }
}

}  // namespace bopp::kit
