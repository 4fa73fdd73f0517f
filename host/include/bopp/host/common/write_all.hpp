// bopp/host/common/write_all.hpp: one complete write of a buffer to a file descriptor.
#pragma once

#include <string_view>

namespace bopp::host {

// Writes all of `text` to `fd`, retrying short writes and interrupted calls. Returns false
// on any other error, with errno saying which; the caller names the file.
bool write_all(int fd, std::string_view text);

}  // namespace bopp::host
