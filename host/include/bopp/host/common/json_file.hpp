// bopp/host/common/json_file.hpp: a JSON document read whole from a file (a run's run.json, a
// bench's index.json).
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>

namespace bopp::host {

// The document in `file`; throws Error naming the file when it cannot be read or is not JSON.
nlohmann::json read_json_file(const std::filesystem::path& file);

}  // namespace bopp::host
