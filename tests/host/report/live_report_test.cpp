// A bench's live report.html, read while the bench runs: its progress moves and it reloads
// itself; once the bench is complete it no longer does. And `bopp report --watch` on it.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace bopp::test {
namespace {
namespace fs = std::filesystem;

// The page's "done" count while the bench runs; -1 on a page that does not say it.
int done_count(const std::string& page) {
  const std::string open = "<span id=\"done\">";
  const auto at = page.find(open);
  if (at == std::string::npos) return -1;
  return std::stoi(page.substr(at + open.size()));
}

bool reloads(const std::string& page) {
  return page.find("<meta http-equiv=\"refresh\"") != std::string::npos;
}

TEST(LiveReport, BenchKeepsItsReportCurrentWhileRunsFinish) {
  const fs::path folder = fresh_folder("live");
  // Six runs of 6 evaluations of 100 ms, two at a time: about two seconds, so the page (written
  // at most once a second) is seen between its first and its last version.
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1, 2, 3, 4, 5]
budget = 6
output = "live"
[[algorithm]]
name = "random"
label = "<script>alert(1)</script>"
[[objective]]
name = "slow_objective"
sleep_ms = 100.0
)";
  const pid_t bench =
      start_bopp({"bench", "grid.toml", "--jobs", "2", "--no-sync"}, {"misbehaving"}, folder);
  // And on the terminal (here a file): --watch from the start until the bench has ended.
  const fs::path watch_folder = folder / "watch";
  fs::create_directories(watch_folder);
  const pid_t watch = start_bopp({"report", "--watch", "../live"}, {}, watch_folder);
  const fs::path page_file = folder / "live" / "report.html";
  std::vector<std::string> versions;
  int status = 0;
  while (::waitpid(bench, &status, WNOHANG) == 0) {
    std::error_code ec;
    if (fs::exists(page_file, ec)) {
      std::string page = read_text(page_file);
      if (versions.empty() || page != versions.back()) versions.push_back(std::move(page));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // The watch returns by itself once the bench has ended (it redraws every 2 s).
  int watch_status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (::waitpid(watch, &watch_status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(-watch, SIGKILL);
      ::waitpid(watch, &watch_status, 0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << read_text(folder / "out.txt") << read_text(folder / "err.txt");
  EXPECT_TRUE(WIFEXITED(watch_status) && WEXITSTATUS(watch_status) == 0)
      << read_text(watch_folder / "err.txt");
  const std::string views = read_text(watch_folder / "out.txt");
  EXPECT_TRUE(views.rfind("waiting for a bench", 0) == 0 || views.rfind("bench running", 0) == 0)
      << views;
  const auto last_view = views.rfind("bench complete: 6 of 6 runs done");
  ASSERT_NE(last_view, std::string::npos) << views;
  EXPECT_GT(last_view, 0u) << "more than one view";
  EXPECT_NE(views.find("| <script>alert(1)</script> | 1 | 6 |", last_view), std::string::npos)
      << views;

  // Two successive versions seen while it ran: both reload, and the second has more runs done.
  std::vector<int> done_while_running;
  for (const std::string& v : versions) {
    if (reloads(v)) done_while_running.push_back(done_count(v));
  }
  ASSERT_GE(done_while_running.size(), 2u) << versions.size() << " versions seen";
  EXPECT_GT(done_while_running.back(), done_while_running.front());
  for (std::size_t i = 1; i < done_while_running.size(); ++i)
    EXPECT_GE(done_while_running[i], done_while_running[i - 1]);

  // The last page: complete, no reload, every run in its table; the label is text.
  const std::string last = read_text(page_file);
  EXPECT_FALSE(reloads(last));
  EXPECT_NE(last.find("Bench complete: 6 of 6 runs done"), std::string::npos);
  EXPECT_NE(last.find("&lt;script&gt;alert(1)&lt;/script&gt;</td><td>1</td><td>6</td>"),
            std::string::npos);
  EXPECT_EQ(last.find("<script"), std::string::npos);

  // --watch on the ended bench draws it once and returns.
  const Outcome once = run_bopp({"report", "--watch", "live"}, {"misbehaving"}, "", folder);
  EXPECT_EQ(once.exit_code, 0) << once.err;
  EXPECT_EQ(once.out.rfind("bench complete: 6 of 6 runs done (0 failed), 0 running, 0 left", 0), 0u)
      << once.out;
  EXPECT_NE(once.out.find("| <script>alert(1)</script> | 1 | 6 |"), std::string::npos) << once.out;
}

}  // namespace
}  // namespace bopp::test
