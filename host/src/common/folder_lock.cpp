#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/write_all.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace bopp::host {

FolderLock::FolderLock(const std::filesystem::path& folder, const char* what) {
  const std::filesystem::path file = folder / ".bopp.lock";
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw Error("cannot lock the " + std::string(what) + " folder '" + folder.string() +
                "': " + std::strerror(errno));
  }
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (::fcntl(fd_, F_SETLK, &lock) != 0) {
    const int error = errno;
    struct flock holder {};
    holder.l_type = F_WRLCK;
    holder.l_whence = SEEK_SET;
    const bool known = ::fcntl(fd_, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK;
    ::close(fd_);
    fd_ = -1;
    if (error == EACCES || error == EAGAIN) {
      throw Error("the " + std::string(what) + " folder '" + folder.string() +
                  "' is in use by process " +
                  (known ? std::to_string(holder.l_pid) : std::string("(unknown)")) +
                  "; wait for it, stop it, or choose another with --output");
    }
    throw Error("cannot lock the " + std::string(what) + " folder '" + folder.string() +
                "': " + std::strerror(error));
  }
  // The owner's id, for a person looking at the folder; the lock itself is what counts.
  if (::ftruncate(fd_, 0) == 0) write_all(fd_, std::to_string(::getpid()) + "\n");
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace bopp::host
