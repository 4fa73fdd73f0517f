// bopp/kit/host_design.hpp: the key by which an algorithm accepts a design from the host.
//
// With [run] initial_design set, the host evaluates the same points for every algorithm of a run
// seed and tells them before the first ask; it sets this key to true in the algorithm's
// configuration. An algorithm that declares the key then skips its own initial points and
// treats its first tell, points it did not ask for, as its starting data. The host refuses an
// initial design for an algorithm that does not declare the key, and a user who sets it without
// one (docs/experiment-file.md).
#pragma once

#include <bopp/kit/param.hpp>

namespace bopp {

inline constexpr const char* kDesignFromHost = "design_from_host";

// The key's declaration, for an algorithm's params().
inline Param design_from_host_param() {
  return Param::boolean(kDesignFromHost, false,
                        "set by the host from [run] initial_design: skip the algorithm's own "
                        "initial points, the first tell holds the host's design");
}

}  // namespace bopp
