#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/write_all.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void cannot_write(const fs::path& path, const std::string& reason) {
  throw Error("cannot write '" + path.string() + "': " + reason);
}

fs::path temporary_beside(const fs::path& path) {
  static std::atomic<unsigned long long> counter{0};
  return path.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

// A rename is durable once the folder holding the new name is synced.
void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void write_file_atomically(const fs::path& path, std::string_view text, bool sync) {
  const fs::path temporary = temporary_beside(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) cannot_write(temporary, std::strerror(errno));
  try {
    if (!write_all(fd, text)) cannot_write(temporary, std::strerror(errno));
    if (sync && ::fsync(fd) != 0) cannot_write(temporary, std::strerror(errno));
  } catch (const Error&) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    ::unlink(temporary.c_str());
    cannot_write(path, ec.message());
  }
  if (sync) sync_folder(path.parent_path());
}

}  // namespace bopp::host
