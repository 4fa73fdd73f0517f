// malloc_count.hpp: the heap allocations of a test program, counted by wrapping glibc's malloc
// (Eigen, OpenBLAS and operator new allocate through it). It defines malloc, so exactly one file
// of a program includes it. The sanitizer build intercepts malloc itself: there nothing is
// counted, and kCountsMalloc says so.
#pragma once

#include <atomic>
#include <cstddef>

namespace bopp::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kCountsMalloc = false;
#else
inline constexpr bool kCountsMalloc = true;
#endif

inline std::atomic<long> heap_allocations{0};

}  // namespace bopp::test

#if !defined(__SANITIZE_ADDRESS__)
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) noexcept {
  bopp::test::heap_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
#endif
