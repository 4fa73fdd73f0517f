#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void refuse(int fd, const std::string& reason) {
  if (fd >= 0) ::close(fd);
  throw Error(reason);
}

// Checks what `fd` is, then takes O_NONBLOCK off again (it only kept a FIFO's open from
// blocking). Closes `fd` and throws when it is not a regular file.
struct stat regular_or_refuse(int fd, bool writing) {
  struct stat s {};
  if (::fstat(fd, &s) != 0) refuse(fd, std::strerror(errno));
  if (!S_ISREG(s.st_mode)) refuse(fd, "not a regular file");
  if (writing && s.st_nlink > 1)
    refuse(fd, "it has other hard links; bopp writes only its own files");
  const int status = ::fcntl(fd, F_GETFL);
  if (status < 0 || ::fcntl(fd, F_SETFL, status & ~O_NONBLOCK) != 0)
    refuse(fd, std::strerror(errno));
  return s;
}

// Reads from `fd` until its end or `limit` bytes; false on a read error (errno set).
bool read_up_to(int fd, std::string& text, std::uintmax_t limit) {
  char buffer[1 << 16];
  while (text.size() < limit) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uintmax_t>(sizeof buffer, limit - text.size()));
    const ssize_t n = ::read(fd, buffer, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return true;
}

// -1 only when `missing_ok` and there is no such file; throws for anything else.
int open_no_follow(const fs::path& file, int flags, mode_t mode, bool missing_ok, struct stat* s) {
  // O_TRUNC waits for the checks: a hard link's other name must not lose its content.
  const int fd =
      ::open(file.c_str(), (flags & ~O_TRUNC) | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode);
  if (fd < 0) {
    if (errno == ENOENT && missing_ok) return -1;
    if (errno == ELOOP) refuse(-1, "it is a symbolic link; bopp never follows one in its folders");
    refuse(-1, std::strerror(errno));
  }
  const struct stat checked = regular_or_refuse(fd, (flags & O_ACCMODE) != O_RDONLY);
  if ((flags & O_TRUNC) != 0 && ::ftruncate(fd, 0) != 0) refuse(fd, std::strerror(errno));
  if (s != nullptr) *s = checked;
  return fd;
}

}  // namespace

int open_folder_file(const fs::path& file, int flags, mode_t mode) {
  return open_no_follow(file, flags, mode, false, nullptr);
}

std::optional<std::string> read_folder_file(const fs::path& file, std::uintmax_t limit) {
  struct stat s {};
  const int fd = open_no_follow(file, O_RDONLY, 0, true, &s);
  if (fd < 0) return std::nullopt;
  std::string text;
  text.reserve(static_cast<std::size_t>(std::min<std::uintmax_t>(limit, s.st_size)));
  const bool ok = read_up_to(fd, text, limit);
  const int error = errno;
  ::close(fd);
  if (!ok) throw Error(std::strerror(error));
  return text;
}

std::string read_input_bytes(const fs::path& file, std::uintmax_t max_bytes) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) refuse(-1, std::strerror(errno));
  const struct stat s = regular_or_refuse(fd, false);
  if (static_cast<std::uintmax_t>(s.st_size) > max_bytes) {
    refuse(fd, std::to_string(s.st_size) + " bytes, more than the " +
                   std::to_string(max_bytes >> 20) + " MiB bopp reads from such a file");
  }
  std::string text;
  // One byte past the limit tells a file that grew since fstat from one that did not.
  const bool ok = read_up_to(fd, text, max_bytes + 1);
  const int error = errno;
  ::close(fd);
  if (!ok) throw Error(std::strerror(error));
  if (text.size() > max_bytes) {
    throw Error("more than the " + std::to_string(max_bytes >> 20) +
                " MiB bopp reads from such a file");
  }
  return text;
}

}  // namespace bopp::host
