// fresh_folder removes a passed test's folders and keeps a failed test's. The test runs this
// same program again (a child process) for two child tests (one passes, one fails on purpose),
// which write the folders they made into a report file named by the environment.
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <bopp/host/common/child_process.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

constexpr const char* report_variable = "BOPP_FRESH_FOLDER_REPORT";

void report(const std::filesystem::path& folder) {
  std::ofstream(std::getenv(report_variable), std::ios::app) << folder.string() << "\n";
}

TEST(FreshFolderChild, Passes) {
  if (std::getenv(report_variable) == nullptr) GTEST_SKIP() << "run by FreshFolder tests";
  report(bopp::test::fresh_folder("passed"));
}

TEST(FreshFolderChild, Fails) {
  if (std::getenv(report_variable) == nullptr) GTEST_SKIP() << "run by FreshFolder tests";
  report(bopp::test::fresh_folder("failed"));
  ADD_FAILURE() << "failing on purpose, so that the folder is kept";
}

TEST(FreshFolder, IsRemovedWhenItsTestPassesAndKeptWhenItFails) {
  const std::filesystem::path report_file = bopp::test::fresh_folder("report") / "folders.txt";
  // The child inherits the report file's name through the environment.
  ASSERT_EQ(::setenv(report_variable, report_file.c_str(), 1), 0);
  bopp::host::ChildProcess child({std::filesystem::read_symlink("/proc/self/exe").string(),
                                  "--gtest_filter=FreshFolderChild.*"},
                                 report_file.parent_path() / "child-output.txt");
  const bopp::host::ChildExit exit = child.wait();
  ::unsetenv(report_variable);
  EXPECT_TRUE(!exit.signaled && exit.code != 0);  // one child test failed

  std::istringstream lines(bopp::test::read_text(report_file));
  std::filesystem::path passed;
  std::filesystem::path failed;
  for (std::string line; std::getline(lines, line);)
    (line.find("-Passes-") != std::string::npos ? passed : failed) = line;
  ASSERT_FALSE(passed.empty());
  ASSERT_FALSE(failed.empty());
  EXPECT_FALSE(std::filesystem::exists(passed)) << passed;
  EXPECT_TRUE(std::filesystem::exists(failed)) << failed;
  std::filesystem::remove_all(failed);
}

}  // namespace
