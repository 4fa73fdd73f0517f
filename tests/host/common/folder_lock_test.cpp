// The output folder's lock: a second process is refused with the holder's process id, the
// lock goes with its holder (also a killed one), and the lock file left behind blocks no one.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_lock.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

namespace bopp::host {
namespace {

// A child process that takes the lock of `folder`, says so through a pipe, and waits to be
// killed. Returns its pid once it holds the lock.
pid_t child_holding(const std::filesystem::path& folder) {
  int ready[2];
  if (::pipe(ready) != 0) return -1;
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(ready[0]);
    try {
      const FolderLock lock(folder, "run");
      (void)!::write(ready[1], "1", 1);
      for (;;) ::pause();
    } catch (...) {
      ::_exit(3);
    }
  }
  ::close(ready[1]);
  char byte = 0;
  const bool held = ::read(ready[0], &byte, 1) == 1;
  ::close(ready[0]);
  return held ? child : -1;
}

TEST(FolderLock, ASecondProcessIsRefusedWithTheHoldersId) {
  const auto folder = test::fresh_folder("folder-lock");
  const pid_t holder = child_holding(folder);
  ASSERT_GT(holder, 0);
  try {
    const FolderLock lock(folder, "run");
    FAIL() << "took a folder another process holds";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("the run folder '" + folder.string() + "' is in use by process " +
                           std::to_string(holder)),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
  // Killed, the holder's lock goes with it; its lock file stays and blocks no one.
  ::kill(holder, SIGKILL);
  int status = 0;
  ::waitpid(holder, &status, 0);
  EXPECT_TRUE(std::filesystem::exists(folder / ".bopp.lock"));
  EXPECT_NO_THROW(FolderLock(folder, "run"));
}

// Two threads of one process are two owners: the lock is taken per opening of the lock file.
TEST(FolderLock, AnotherThreadOfThisProcessIsRefused) {
  const auto folder = test::fresh_folder("folder-lock-threads");
  const FolderLock held(folder, "run");
  std::string refused;
  std::thread other([&] {
    try {
      const FolderLock lock(folder, "run");
    } catch (const Error& e) {
      refused = e.what();
    }
  });
  other.join();
  EXPECT_NE(refused.find("is in use by process " + std::to_string(::getpid())), std::string::npos)
      << refused;
}

// A run refused once it holds the lock removes the lock file it made, and only that one.
TEST(FolderLock, ARefusedOwnerRemovesTheLockFileItCreatedOnly) {
  const auto folder = test::fresh_folder("folder-lock-refused");
  {
    FolderLock lock(folder, "run");
    lock.release_and_remove_created();
    EXPECT_FALSE(std::filesystem::exists(folder / ".bopp.lock"));
    EXPECT_NO_THROW(FolderLock(folder, "run"));  // released
  }
  ASSERT_TRUE(std::filesystem::exists(folder / ".bopp.lock"));  // left by the lock above
  FolderLock lock(folder, "run");
  lock.release_and_remove_created();
  EXPECT_TRUE(std::filesystem::exists(folder / ".bopp.lock"));
}

TEST(FolderLock, ALinkInPlaceOfTheLockFileIsRefusedAndNotWrittenThrough) {
  const auto folder = test::fresh_folder("folder-lock-link");
  const auto victim = folder / "victim";
  { std::ofstream(victim) << "keep\n"; }
  std::filesystem::create_directories(folder / "run");
  std::filesystem::create_symlink(victim, folder / "run" / ".bopp.lock");
  try {
    const FolderLock lock(folder / "run", "run");
    FAIL() << "locked through a link";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(".bopp.lock: it is a symbolic link"), std::string::npos)
        << e.what();
  }
  std::ifstream in(victim);
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "keep");
}

TEST(FolderLock, AFolderThatCannotHoldTheLockFileIsNamed) {
  try {
    const FolderLock lock(test::fresh_folder("folder-lock-missing") / "absent", "bench");
    FAIL() << "locked a folder that does not exist";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot lock the bench folder"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace bopp::host
