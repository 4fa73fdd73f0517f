// The atomic file writer: a reader sees the old content or the new, whoever writes.
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>

#include "file_size_limit.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

using bopp::test::read_text;

std::vector<std::string> names_in(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

// A link at the name (a report's table, run.json) is replaced by the new file; its target is
// never written.
TEST(AtomicFile, ALinkAtTheNameIsReplacedAndItsTargetKept) {
  const auto folder = test::fresh_folder("atomic-link");
  std::ofstream(folder / "victim") << "keep\n";
  std::filesystem::create_symlink(folder / "victim", folder / "table.md");
  write_file_atomically(folder / "table.md", "new\n", false);
  EXPECT_FALSE(std::filesystem::is_symlink(folder / "table.md"));
  EXPECT_EQ(test::read_text(folder / "table.md"), "new\n");
  EXPECT_EQ(test::read_text(folder / "victim"), "keep\n");
}

TEST(AtomicFile, ReplacesTheContentAndLeavesNoTemporaryFile) {
  const auto folder = test::fresh_folder("atomic");
  const auto file = folder / "run.json";
  write_file_atomically(file, "a long old content\n");
  write_file_atomically(file, "new\n", false);
  EXPECT_EQ(read_text(file), "new\n");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"run.json"});
}

// With one fixed temporary name, writers would truncate, rename or refuse each other's file.
TEST(AtomicFile, ConcurrentWritersEachUseTheirOwnTemporaryFile) {
  const auto folder = test::fresh_folder("atomic-concurrent");
  const auto file = folder / "index.json";
  constexpr int kWriters = 8, kWrites = 40;
  auto content = [](int writer) {
    return std::string(1000 + writer, static_cast<char>('a' + writer));
  };
  std::vector<std::string> errors(kWriters);
  {
    std::vector<std::jthread> writers;
    for (int w = 0; w < kWriters; ++w) {
      writers.emplace_back([&, w] {
        try {
          for (int i = 0; i < kWrites; ++i) write_file_atomically(file, content(w), false);
        } catch (const Error& e) {
          errors[static_cast<std::size_t>(w)] = e.what();
        }
      });
    }
  }
  for (const std::string& e : errors) EXPECT_EQ(e, "");
  const std::string final_text = read_text(file);
  ASSERT_GE(final_text.size(), 1000u);
  EXPECT_EQ(final_text, content(final_text[0] - 'a'));
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"index.json"});
}

TEST(AtomicFile, UnwritableFolderIsOneErrorNamingTheFile) {
  const auto folder = test::fresh_folder("atomic-blocked");
  std::ofstream(folder / "blocker") << "not a folder";
  try {
    write_file_atomically(folder / "blocker" / "run.json", "x");
    FAIL() << "wrote under a file";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
    EXPECT_NE(message.find("blocker"), std::string::npos) << message;
  }
}

// A full disk keeps the old content, leaves no temporary, and names the file being replaced:
// the temporary is gone by the time anyone reads the message.
TEST(AtomicFile, AFullDiskKeepsTheOldContentAndNamesTheTarget) {
  const auto folder = test::fresh_folder("atomic-full");
  const auto file = folder / "run.json";
  write_file_atomically(file, "old\n");
  const std::string message = test::error_with_file_size_limit(
      16, [&] { write_file_atomically(file, std::string(100, 'x'), true); });
  EXPECT_NE(message.find("cannot write '" + file.string() + "': "), std::string::npos) << message;
  EXPECT_EQ(message.find(".tmp"), std::string::npos) << message;
  EXPECT_EQ(read_text(file), "old\n");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"run.json"});
}

}  // namespace
}  // namespace bopp::host
