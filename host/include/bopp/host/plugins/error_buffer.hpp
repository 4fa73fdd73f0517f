// bopp/host/plugins/error_buffer.hpp: the buffer a plugin writes an error message into.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>

namespace bopp::host {

// Handed to one plugin call, empty; read back after it. abi.h asks the plugin to terminate
// what it writes, but a plugin that fills the buffer without a terminator must not make the
// host read past its end: the message is read up to the last byte, where the NUL belongs.
class ErrorBuffer {
 public:
  static constexpr std::size_t kCapacity = 1024;

  ErrorBuffer() { std::memset(data_ + kCapacity, kGuard, kGuardBytes); }

  char* data() { return data_; }
  std::size_t capacity() const { return kCapacity; }

  // Whether the plugin wrote past the capacity it was given (into the guard bytes after it).
  bool overrun() const {
    for (std::size_t i = kCapacity; i < kCapacity + kGuardBytes; ++i)
      if (data_[i] != kGuard) return true;
    return false;
  }

  // The plugin's message, or `fallback` when it wrote none.
  std::string message(const char* fallback) const {
    const std::size_t length = ::strnlen(data_, kCapacity - 1);
    return length > 0 ? std::string(data_, length) : std::string(fallback);
  }

 private:
  static constexpr std::size_t kGuardBytes = 16;
  static constexpr char kGuard = 0x5a;
  char data_[kCapacity + kGuardBytes] = "";
};

}  // namespace bopp::host
