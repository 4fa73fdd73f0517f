// bopp/host/common/atomic_file.hpp: replacing a file's content all at once.
#pragma once

#include <filesystem>
#include <string_view>

namespace bopp::host {

// Writes `text` to a temporary file beside `path` and renames it over `path`, so a reader
// (or a crash) sees the old content or the new, never half of it. The temporary name is
// unique to the process and the call ("<name>.tmp.<pid>.<n>"), so two writers never share
// one. With `sync`, the file is fsynced before the rename and its folder after it, so the
// new content survives a power loss once this returns. Throws Error naming the file.
void write_file_atomically(const std::filesystem::path& path, std::string_view text,
                           bool sync = true);

}  // namespace bopp::host
