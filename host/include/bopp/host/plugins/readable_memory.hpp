// bopp/host/plugins/readable_memory.hpp: copying memory a plugin points to, without trusting
// that it is there.
#pragma once

#include <cstddef>

namespace bopp::host {

// Copies `size` bytes at `address` into `out` when every one of them is readable by this
// process, and returns true; returns false, without faulting, when any is not (an array
// declared longer than it is, a pointer into nothing). The kernel does the reading.
bool copy_if_readable(const void* address, std::size_t size, void* out);

}  // namespace bopp::host
