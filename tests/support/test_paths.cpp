#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace bopp::test {

std::filesystem::path fresh_folder(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto folder = std::filesystem::temp_directory_path() /
                ("bopp-test-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" +
                 info->name() + "-" + name);
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace bopp::test
