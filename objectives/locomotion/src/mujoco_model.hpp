// A MuJoCo model compiled from MJCF text held in memory, shared read-only by every episode.
#pragma once

#include <mujoco/mujoco.h>

#include <memory>
#include <string>

namespace bopp::locomotion {

using SharedModel = std::shared_ptr<const mjModel>;

// Compiles `mjcf` through MuJoCo's virtual file system (no file is read or written); `name`
// names the model in the error thrown when MuJoCo rejects it.
SharedModel load_mjcf(const std::string& mjcf, const std::string& name);

}  // namespace bopp::locomotion
