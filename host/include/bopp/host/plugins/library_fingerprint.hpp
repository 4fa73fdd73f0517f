// bopp/host/plugins/library_fingerprint.hpp: what tells two builds of one plugin library
// apart when their versions are equal (run.json's `library_sha1`, `library_build_id`).
#pragma once

#include <filesystem>
#include <string>

namespace bopp::host {

// The SHA-1 of the file's bytes, as 40 lowercase hex digits. Throws Error naming the file
// when it cannot be read.
std::string file_sha1(const std::filesystem::path& file);

// The SHA-1 of the whole file open on `fd` (read from its start, whatever the descriptor's
// offset); `name` is the file named in the error when it cannot be read.
std::string descriptor_sha1(int fd, const std::filesystem::path& name);

// The GNU build id (the linker's `.note.gnu.build-id`) of a library this process has loaded
// from `loaded_path` (as given to dlopen), as lowercase hex; "" when it has none.
std::string gnu_build_id(const std::filesystem::path& loaded_path);

}  // namespace bopp::host
