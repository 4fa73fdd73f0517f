// The bench folder as `bopp bench` leaves it on disk: a user's folder is never written into,
// and a full disk stops the bench with one error, leaving no empty or half-written file.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

fs::path write_grid(const std::string& seeds) {
  const fs::path grid = fresh_folder("grid") / "grid.toml";
  std::ofstream(grid) << "[bench]\nseeds = " << seeds
                      << "\nbudget = 200\n[[algorithm]]\nname = \"random\"\n"
                         "[[objective]]\nname = \"c_quadratic\"\ndim = 5\n";
  return grid;
}

TEST(BenchFolder, AFolderHoldingAUsersFilesIsRefused) {
  const fs::path folder = fresh_folder("users-bench");
  std::ofstream(folder / "notes.txt") << "mine\n";
  const Outcome o = run_bopp(
      {"bench", write_grid("[1]").string(), "--output", folder.string(), "--jobs", "1"}, {"c"});
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("the bench folder '" + folder.string() +
                       "' is not empty and holds no bopp bench (found 'notes.txt')"),
            std::string::npos)
      << o.err;
  EXPECT_FALSE(fs::exists(folder / "index.json"));
  EXPECT_FALSE(fs::exists(folder / "grid.toml"));
  EXPECT_EQ(read_text(folder / "notes.txt"), "mine\n");
}

// A bench folder stays one: a second bench into it goes on where the first left off.
TEST(BenchFolder, ABenchFolderIsReused) {
  const fs::path folder = fresh_folder("reused-bench") / "b";
  const fs::path grid = write_grid("[1]");
  const Outcome first =
      run_bopp({"bench", grid.string(), "--output", folder.string(), "--jobs", "1"}, {"c"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Outcome again =
      run_bopp({"bench", grid.string(), "--output", folder.string(), "--jobs", "1"}, {"c"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("1 complete before"), std::string::npos) << again.out;
}

// Every run fails on the full disk, its message grows index.json past the limit, and the
// worker that writes it must not take the process down: the bench stops with one line, and
// every file it leaves is whole (no empty index, grid or experiment file, no temporary).
TEST(BenchFolder, AFullDiskStopsTheBenchAndLeavesNoEmptyFile) {
  const fs::path folder = fresh_folder("full-bench") / "b";
  const Outcome o =
      run_bopp_with_file_size_limit({"bench", write_grid("[1, 2, 3, 4, 5, 6, 7, 8]").string(),
                                     "--output", folder.string(), "--jobs", "1"},
                                    {"c"}, 2500);
  ASSERT_TRUE(o.exited) << "bopp bench was killed by a signal: " << o.err;
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(
      o.err.find("bopp: error: the bench in '" + folder.string() + "' stopped: cannot write '" +
                 (folder / "index.json").string() + "': File too large"),
      std::string::npos)
      << o.err;
  std::ifstream in(folder / "index.json");
  EXPECT_TRUE(nlohmann::json::accept(in));
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().filename().string();
    EXPECT_EQ(name.find(".tmp."), std::string::npos) << entry.path();
    if (name == "index.json" || name == "grid.toml" || entry.path().extension() == ".toml" ||
        name == "run.json") {
      EXPECT_GT(entry.file_size(), 0u) << entry.path();
    }
  }
}

}  // namespace
}  // namespace bopp::test
