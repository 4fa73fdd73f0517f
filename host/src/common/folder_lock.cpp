#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/write_all.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <string>
#include <utility>

namespace bopp::host {
namespace {

// The process id the holder wrote into the lock file (an OFD lock does not tell its owner).
std::string holder_of(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  long pid = 0;
  if (n > 0) {
    const auto [end, error] = std::from_chars(text, text + n, pid);
    if (error == std::errc() && pid > 0 && end != text) return std::to_string(pid);
  }
  return "(unknown)";
}

}  // namespace

FolderLock::FolderLock(const std::filesystem::path& folder, const char* what)
    : file_(folder / ".bopp.lock") {
  const std::string cannot = "cannot lock the " + std::string(what) + " folder '" +
                             folder.string() + "': " + file_.filename().string() + ": ";
  // A new file is bopp's own; an existing one is opened as any file of a shared folder.
  fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  created_ = fd_ >= 0;
  if (fd_ < 0 && errno != EEXIST) throw Error(cannot + std::strerror(errno));
  if (fd_ < 0) {
    try {
      fd_ = open_folder_file(file_, O_RDWR);
    } catch (const Error& e) {
      throw Error(cannot + e.what());
    }
  }
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (::fcntl(fd_, F_OFD_SETLK, &lock) != 0) {
    const int error = errno;
    const std::string holder = holder_of(fd_);
    ::close(std::exchange(fd_, -1));
    if (error == EACCES || error == EAGAIN) {
      throw Error("the " + std::string(what) + " folder '" + folder.string() +
                  "' is in use by process " + holder +
                  "; wait for it, stop it, or choose another with --output");
    }
    throw Error(cannot + std::strerror(error));
  }
  // The owner's id, for a person looking at the folder; the lock itself is what counts.
  if (::ftruncate(fd_, 0) == 0) write_all(fd_, std::to_string(::getpid()) + "\n");
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

void FolderLock::release_and_remove_created() {
  if (fd_ < 0) return;
  // Removed while still held, so no one else can have taken this file's lock meanwhile.
  if (created_) ::unlink(file_.c_str());
  ::close(std::exchange(fd_, -1));
}

}  // namespace bopp::host
