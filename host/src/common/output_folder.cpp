#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/output_folder.hpp>

#include <algorithm>
#include <cctype>
#include <string_view>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
}

// "<name>.tmp.<pid>.<n>", as write_file_atomically names its temporaries.
bool is_atomic_writer_temporary(std::string_view name) {
  const std::size_t tmp = name.rfind(".tmp.");
  if (tmp == std::string_view::npos || tmp == 0) return false;
  const std::string_view numbers = name.substr(tmp + 5);
  const std::size_t dot = numbers.find('.');
  return dot != std::string_view::npos && all_digits(numbers.substr(0, dot)) &&
         all_digits(numbers.substr(dot + 1));
}

}  // namespace

void refuse_foreign_files(const fs::path& folder, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    std::error_code ec;
    const fs::file_type type = fs::symlink_status(folder / name, ec).type();
    if (type == fs::file_type::not_found || type == fs::file_type::regular || ec) continue;
    throw Error("'" + (folder / name).string() + "' is " +
                (type == fs::file_type::symlink
                     ? "a symbolic link; bopp never follows one in its folders"
                     : "not a regular file; bopp reads and writes only its own files") +
                ": remove it, or choose another folder");
  }
}

std::optional<std::string> first_foreign_entry(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return std::nullopt;
  std::optional<std::string> first;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == ".bopp.lock" || is_atomic_writer_temporary(name)) continue;
    if (!first || name < *first) first = name;
  }
  return first;
}

}  // namespace bopp::host
