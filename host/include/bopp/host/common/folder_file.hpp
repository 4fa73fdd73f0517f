// bopp/host/common/folder_file.hpp: opening the files of a folder bopp writes (a run or bench
// folder) without following links, and reading files users name, bounded.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace bopp::host {

// Run and bench folders may be shared: a file there that someone replaced with a symbolic link,
// a hard link to another file, a FIFO or a device must never make bopp write elsewhere, read
// forever, or block. These open with O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK and accept only a
// regular file; the Error they throw says only why (the caller names the folder and file).

// Opens `file` with `flags` (O_RDONLY, O_RDWR | O_CREAT, ...). For writing, a regular file with
// other hard links is refused as well. Throws Error with the reason.
int open_folder_file(const std::filesystem::path& file, int flags, mode_t mode = 0644);

// The content of `file` (its first `limit` bytes), opened as above; nullopt when there is no
// such file.
std::optional<std::string> read_folder_file(const std::filesystem::path& file,
                                            std::uintmax_t limit = UINTMAX_MAX);

// The largest file bopp reads whole when a user names it (an experiment, grid or points file):
// 16 MiB, far above any real one.
inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t{16} << 20;

// The content of `file`, which a user named (links are followed: the user chose the file).
// Anything but a regular file of at most `max_bytes` (a FIFO, /dev/zero, a folder) is refused
// without reading it. Throws Error with the reason.
std::string read_input_bytes(const std::filesystem::path& file,
                             std::uintmax_t max_bytes = kMaxInputFileBytes);

}  // namespace bopp::host
