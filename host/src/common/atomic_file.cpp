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

// Names the target, never the temporary: the temporary is gone by the time anyone reads this.
[[noreturn]] void cannot_write(const fs::path& path, const std::string& reason) {
  throw Error("cannot write '" + path.string() + "': " + reason);
}

fs::path temporary_beside(const fs::path& path) {
  static std::atomic<unsigned long long> counter{0};
  return path.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

// A rename is durable once the folder holding the new name is synced.
void sync_folder(const fs::path& folder, const fs::path& target) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) cannot_write(target, std::string("cannot open its folder: ") + std::strerror(errno));
  const bool synced = ::fsync(fd) == 0;
  const int error = errno;
  ::close(fd);
  if (!synced) cannot_write(target, std::string("fsync of its folder: ") + std::strerror(error));
}

// Writes, syncs and closes the temporary; any failure is the target's error. The temporary's
// content only counts once all three succeed (close reports some write errors, e.g. on NFS).
void fill_temporary(int fd, const fs::path& target, std::string_view text, bool sync) {
  bool ok = write_all(fd, text) && (!sync || ::fsync(fd) == 0);
  int error = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (!ok) cannot_write(target, std::strerror(error));
}

}  // namespace

void write_file_atomically(const fs::path& path, std::string_view text, bool sync) {
  const fs::path temporary = temporary_beside(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) cannot_write(path, std::strerror(errno));
  try {
    fill_temporary(fd, path, text, sync);
  } catch (const Error&) {
    ::unlink(temporary.c_str());
    throw;
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    ::unlink(temporary.c_str());
    cannot_write(path, ec.message());
  }
  if (sync) sync_folder(path.parent_path(), path);
}

}  // namespace bopp::host
