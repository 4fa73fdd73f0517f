// Sizes the machine cannot hold: refused before the record folder exists, in one line that
// names the key to lower, never an abort or a bare std::bad_alloc.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

Outcome run_with(const std::string& body, const fs::path& record) {
  const fs::path file = fresh_folder("sizes-experiment") / "exp.toml";
  std::ofstream(file) << body;
  return run_bopp({"run", file.string(), "--output", record.string()}, {"misbehaving"});
}

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(RunSizesCli, AHugeBatchIsRefusedNamingBatchBeforeTheRecordExists) {
  const fs::path record = fresh_folder("huge-batch") / "r";
  const Outcome o = run_with(
      "[run]\nbudget = 100000000000\nbatch = 100000000000\n"
      "[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\n[algorithm]\nname = 'random'\n",
      record);
  EXPECT_TRUE(o.exited);
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("[run] batch too large"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("lower [run] batch"), std::string::npos) << o.err;
  EXPECT_EQ(line_count(o.err), 1u) << o.err;
  EXPECT_FALSE(fs::exists(record)) << "the record folder was created";
}

TEST(RunSizesCli, AHugeDimensionIsRefusedNamingTheObjectivesKey) {
  const fs::path record = fresh_folder("huge-dim") / "r";
  const Outcome o = run_with(
      "[run]\nbudget = 10\n[objective]\nname = 'sphere'\ndim = 1000000000000\n"
      "[algorithm]\nname = 'random'\n",
      record);
  EXPECT_TRUE(o.exited);
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("[objective] dim too large"), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("bad_alloc"), std::string::npos) << o.err;
  EXPECT_EQ(line_count(o.err), 1u) << o.err;
  EXPECT_FALSE(fs::exists(record)) << "the record folder was created";
}

}  // namespace
}  // namespace bopp::test
