// bopp/host/common/folder_lock.hpp: one bopp process at a time in an output folder.
#pragma once

#include <filesystem>

namespace bopp::host {

// The advisory lock of a run or bench folder: a POSIX record lock on its file `.bopp.lock`,
// which holds the owner's process id. Another process that tries the same folder is refused
// with one line naming the folder and the process; the lock goes with its owner, also when the
// owner is killed, so a stale lock file never blocks anyone. (POSIX locks do not exclude two
// owners in one process: one process runs one record per folder.)
class FolderLock {
 public:
  // Takes the lock of `folder` (which must exist), for `what` ("run", "bench") in messages;
  // throws Error when another process holds it or the lock file cannot be made.
  FolderLock(const std::filesystem::path& folder, const char* what);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace bopp::host
