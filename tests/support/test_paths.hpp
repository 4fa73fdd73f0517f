// Where the build put the plugins and programs the tests use.
#pragma once

#include <filesystem>
#include <string>

namespace bopp::test {

inline std::filesystem::path plugin_dir() { return BOPP_TEST_PLUGIN_DIR; }
inline std::filesystem::path test_plugin_dir(const std::string& name) {
  return std::filesystem::path(BOPP_TEST_BROKEN_PLUGIN_DIR) / name;
}
inline std::filesystem::path bopp_program() {
  return std::filesystem::path(BOPP_TEST_BINARY_DIR) / "bin" / "bopp";
}

// A fresh empty folder under the system temp folder, named for the running test; removed when
// the test passes, kept when it fails.
std::filesystem::path fresh_folder(const std::string& name);

}  // namespace bopp::test
