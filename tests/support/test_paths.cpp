#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <system_error>
#include <vector>

namespace bopp::test {
namespace {

// The folders the running test made; removed when it passes, kept for a look when it fails.
std::vector<std::filesystem::path>& made_folders() {
  static std::vector<std::filesystem::path> folders;
  return folders;
}

class RemoveFoldersOfPassedTests : public ::testing::EmptyTestEventListener {
  void OnTestEnd(const ::testing::TestInfo& info) override {
    if (info.result() != nullptr && info.result()->Passed()) {
      for (const auto& folder : made_folders()) {
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
      }
    }
    made_folders().clear();
  }
};

// Registered when the support library is loaded, before main runs the tests.
const bool registered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new RemoveFoldersOfPassedTests);
  return true;
}();

}  // namespace

std::filesystem::path fresh_folder(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  // A parameterized test's names hold '/': one folder, not a tree, so that removing it is whole.
  std::string leaf = "bopp-test-" + std::to_string(::getpid()) + "-" + info->test_suite_name() +
                     "-" + info->name() + "-" + name;
  std::replace(leaf.begin(), leaf.end(), '/', '_');
  auto folder = std::filesystem::temp_directory_path() / leaf;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  made_folders().push_back(folder);
  return folder;
}

}  // namespace bopp::test
