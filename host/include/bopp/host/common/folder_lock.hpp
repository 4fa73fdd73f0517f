// bopp/host/common/folder_lock.hpp: one owner at a time in an output folder.
#pragma once

#include <filesystem>

namespace bopp::host {

// The advisory lock of a run or bench folder: an open file description lock (F_OFD_SETLK) on
// its file `.bopp.lock`, which holds the owner's process id. Each FolderLock opens the file
// anew, so it excludes other processes and other threads (or other locks) of this one alike.
// Another owner that tries the same folder is refused with one line naming the folder and the
// process; the lock goes with its owner, also when the owner is killed, so a stale lock file
// never blocks anyone. The lock file is opened without following links and must be a regular
// file (folder_file.hpp).
class FolderLock {
 public:
  // Takes the lock of `folder` (which must exist), for `what` ("run", "bench") in messages;
  // throws Error when someone holds it or the lock file cannot be made.
  FolderLock(const std::filesystem::path& folder, const char* what);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  // Releases the lock and, when this lock created `.bopp.lock`, removes it: what a run that is
  // refused after taking the lock calls, so that it leaves the folder as it found it.
  void release_and_remove_created();

 private:
  std::filesystem::path file_;
  int fd_ = -1;
  bool created_ = false;
};

}  // namespace bopp::host
