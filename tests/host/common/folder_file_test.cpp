// Files of bopp's folders opened without following links, users' files read bounded, and the
// JSON writer's replacement of bytes that are not UTF-8.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/json_text.hpp>

#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace bopp::host {
namespace {

namespace fs = std::filesystem;

// The Error `body` throws ("" when none).
template <class Body>
std::string folder_error_of(Body body) {
  try {
    body();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(FolderFile, LinksFifosAndHardLinksAreRefusedAndTheirTargetsKept) {
  const fs::path folder = test::fresh_folder("folder-file");
  const fs::path victim = folder / "victim";
  std::ofstream(victim) << "keep\n";
  fs::create_symlink(victim, folder / "link");
  fs::create_hard_link(victim, folder / "hard");
  ASSERT_EQ(::mkfifo((folder / "fifo").c_str(), 0644), 0);
  const int write = O_WRONLY | O_CREAT | O_TRUNC;
  EXPECT_NE(
      folder_error_of([&] { open_folder_file(folder / "link", write); }).find("symbolic link"),
      std::string::npos);
  EXPECT_NE(
      folder_error_of([&] { open_folder_file(folder / "hard", write); }).find("other hard links"),
      std::string::npos);
  EXPECT_NE(
      folder_error_of([&] { open_folder_file(folder / "fifo", O_RDWR); }).find("not a regular"),
      std::string::npos);
  EXPECT_NE(folder_error_of([&] { read_folder_file(folder / "link"); }).find("symbolic link"),
            std::string::npos);
  EXPECT_NE(folder_error_of([&] { read_folder_file(folder / "fifo"); }).find("not a regular"),
            std::string::npos);
  EXPECT_EQ(test::read_text(victim), "keep\n");
  // Read, a hard link is the file it names; a missing file is none.
  EXPECT_EQ(read_folder_file(folder / "hard").value_or(""), "keep\n");
  EXPECT_EQ(read_folder_file(folder / "hard", 2).value_or(""), "ke");
  EXPECT_FALSE(read_folder_file(folder / "absent").has_value());
  const int fd = open_folder_file(folder / "new", write);
  EXPECT_GE(fd, 0);
  ::close(fd);
}

TEST(FolderFile, AUsersFileIsReadOnlyWhenRegularAndBounded) {
  const fs::path folder = test::fresh_folder("input-bytes");
  std::ofstream(folder / "small") << "0123456789";
  fs::create_symlink(folder / "small", folder / "link");
  ASSERT_EQ(::mkfifo((folder / "fifo").c_str(), 0644), 0);
  EXPECT_EQ(read_input_bytes(folder / "small"), "0123456789");
  EXPECT_EQ(read_input_bytes(folder / "link"), "0123456789");  // the user chose the link
  for (const fs::path& file : {fs::path("/dev/zero"), folder / "fifo", folder}) {
    EXPECT_NE(folder_error_of([&] { read_input_bytes(file); }).find("not a regular file"),
              std::string::npos)
        << file;
  }
  EXPECT_NE(
      folder_error_of([&] { read_input_bytes(folder / "small", 9); }).find("10 bytes, more than"),
      std::string::npos);
}

TEST(JsonText, BytesThatAreNotUtf8AreWrittenAsReplacementCharacters) {
  const nlohmann::json line = {{"message", "bad \xFF byte, cut \xE2\x82"}, {"ok", "caf\xC3\xA9"}};
  EXPECT_THROW((void)line.dump(), nlohmann::json::type_error);
  const std::string text = json_text(line);
  EXPECT_EQ(text,
            "{\"message\":\"bad \xEF\xBF\xBD byte, cut \xEF\xBF\xBD\",\"ok\":\"caf\xC3\xA9\"}");
  EXPECT_TRUE(nlohmann::json::accept(text));
}

}  // namespace
}  // namespace bopp::host
