// bopp/host/plugins/guarded_buffer.hpp: an output buffer a plugin writes, with guard elements
// past its end that it must leave alone.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace bopp::host {

// A value no plugin writes by accident: a NaN with a payload for doubles, an odd pattern for
// integers. Compared bit for bit, so a NaN guard is still told apart.
template <class T>
T guard_value() {
  if constexpr (sizeof(T) == sizeof(std::uint64_t)) {
    return std::bit_cast<T>(std::uint64_t{0x7ff4'b0bb'a5a5'0001});
  } else {
    return std::bit_cast<T>(std::uint32_t{0x5a5a'b0bb});
  }
}

// `size` elements filled with `fill`, then `guards` guard elements. A write one element past
// the end lands in the guard, not in the host's memory, and overrun() says so after the call.
template <class T>
class GuardedBuffer {
 public:
  GuardedBuffer(std::size_t size, T fill, std::size_t guards) : size_(size), values_(size, fill) {
    values_.resize(size + guards, guard_value<T>());
  }

  T* data() { return values_.data(); }
  std::size_t size() const { return size_; }
  T operator[](std::size_t i) const { return values_[i]; }

  // Whether any guard element changed.
  bool overrun() const {
    const T guard = guard_value<T>();
    for (std::size_t i = size_; i < values_.size(); ++i) {
      if (std::memcmp(&values_[i], &guard, sizeof guard) != 0) return true;
    }
    return false;
  }

 private:
  std::size_t size_;
  std::vector<T> values_;
};

}  // namespace bopp::host
