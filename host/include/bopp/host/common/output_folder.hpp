// bopp/host/common/output_folder.hpp: what an output folder may hold before bopp writes there.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>

namespace bopp::host {

// The first entry (by name) of `folder` that bopp itself would not have left in a folder it
// has not written yet: anything but the lock file `.bopp.lock` and the leftover temporaries of
// the atomic writer (`<name>.tmp.<pid>.<n>`, left by a process killed while writing). nullopt
// when there is no such entry, or no folder. A run or a bench writes into a folder only when
// this is nullopt or the folder already holds a record of its own kind, so a user's files are
// never replaced.
std::optional<std::string> first_foreign_entry(const std::filesystem::path& folder);

// Throws Error naming the first of `names` in `folder` that is there but is not a regular file
// (a symbolic link, a FIFO, a folder): bopp reads and writes only its own files in its folders,
// and a link someone placed there must never make it read or write elsewhere (folder_file.hpp).
void refuse_foreign_files(const std::filesystem::path& folder,
                          std::initializer_list<const char*> names);

}  // namespace bopp::host
