// bopp/host/plugins/library_dependencies.hpp: where the dynamic loader will look for what a
// library needs, read from its file before it is loaded.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

struct LibraryDependencies {
  // DT_RUNPATH (or, without one, DT_RPATH), split at ':', $ORIGIN replaced by the library's
  // folder; an empty entry is the working folder, as the loader takes it.
  std::vector<std::filesystem::path> search_folders;
  // DT_NEEDED: the names (or paths) of the libraries it pulls in.
  std::vector<std::string> needed;
};

// Read from the file's dynamic section without loading it (so none of its code runs). Empty
// when the file is not a well-formed ELF shared object of this machine's class: the loader
// then refuses it with its own message.
LibraryDependencies library_dependencies(const std::filesystem::path& file);

}  // namespace bopp::host
