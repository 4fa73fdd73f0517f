// The whole of a text file, for tests that check what a program or a writer left on disk.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bopp::test {

// The file's bytes as a string; empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace bopp::test
