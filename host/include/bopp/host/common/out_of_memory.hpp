// bopp/host/common/out_of_memory.hpp: an allocation that fails, reported as a one-line Error.
#pragma once

#include <bopp/host/common/errors.hpp>

#include <new>
#include <string>

namespace bopp::host {

// Calls `call`, turning an allocation that fails into an Error that names who was running
// (`who`, e.g. "algorithm 'gpbo'") and what it did: one line, and a run record ends `failed`.
template <class Call>
auto out_of_memory_named(const std::string& who, const std::string& what, Call&& call) {
  try {
    return call();
  } catch (const std::bad_alloc&) {
    throw Error(who + ": out of memory in " + what);
  }
}

}  // namespace bopp::host
