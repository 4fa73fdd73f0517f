// The HTML report in a real browser: a bench's page opened in headless Chromium renders with no
// console message (no script error, nothing the page's policy blocked), a label holding a script
// stays text in the DOM, and the screenshot shows the curves in their labels' colours.
#include <bopp/host/report/label_colours.hpp>

#include "bopp_program_run.hpp"
#include "png_image.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bopp::test {
namespace {
namespace fs = std::filesystem;

fs::path find_program(const std::string& name) {
  std::stringstream folders(std::getenv("PATH") ? std::getenv("PATH") : "");
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (!folder.empty() && ::access((fs::path(folder) / name).c_str(), X_OK) == 0)
      return fs::path(folder) / name;
  }
  return {};
}

// Runs `args` (no shell), stdout into `out` and stderr into `err`, in a process group of its own
// that is killed after `limit`. Its exit status, or -1 when it did not exit in time.
int run_program(const std::vector<std::string>& args, const fs::path& out, const fs::path& err,
                std::chrono::seconds limit) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t child = ::fork();
  if (child == 0) {
    ::setpgid(0, 0);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, STDOUT_FILENO);
    ::dup2(e, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (::waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(-child, SIGKILL);
      ::waitpid(child, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(-child, SIGKILL);  // helpers it left behind
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(BrowserReport, RendersInChromiumWithoutConsoleMessagesAndAScriptLabelStaysText) {
  // CI installs Chromium (packaging/install-deps.sh): a missing browser fails, not skips.
  const fs::path chromium = find_program("chromium");
  ASSERT_FALSE(chromium.empty())
      << "chromium is not on PATH; packaging/install-deps.sh installs it (Debian: chromium)";

  const fs::path folder = fresh_folder("browser");
  const std::string script = "<script>alert(1)</script>";
  std::ofstream(folder / "grid.toml") << R"([bench]
seeds = [0, 1, 2]
budget = 12
output = "cmp"
[[algorithm]]
name = "random"
label = ")" << script << R"("
design = "uniform"
[[algorithm]]
name = "random"
label = "sobol"
design = "sobol"
[[objective]]
name = "branin"
)";
  const Outcome bench =
      run_bopp({"bench", "grid.toml", "--jobs", "2", "--no-sync"}, {}, "", folder);
  ASSERT_EQ(bench.exit_code, 0) << bench.out << bench.err;
  const Outcome report = run_bopp(
      {"report", "cmp", "--format", "html", "--output", "page.html", "--at", "4"}, {}, "", folder);
  ASSERT_EQ(report.exit_code, 0) << report.err;

  const fs::path shot = folder / "page.png";
  // Root needs --no-sandbox; the rest leaves out what a test has no use for.
  const std::vector<std::string> args = {chromium.string(),
                                         "--headless",
                                         "--no-sandbox",
                                         "--disable-gpu",
                                         "--disable-extensions",
                                         "--disable-background-networking",
                                         "--disable-component-update",
                                         "--no-first-run",
                                         "--mute-audio",
                                         "--user-data-dir=" + (folder / "profile").string(),
                                         "--enable-logging=stderr",
                                         "--v=0",
                                         "--window-size=1280,1400",
                                         "--screenshot=" + shot.string(),
                                         "--dump-dom",
                                         "file://" + (folder / "page.html").string()};
  const int exit =
      run_program(args, folder / "dom.html", folder / "chromium.log", std::chrono::seconds(60));
  const std::string log = read_text(folder / "chromium.log");
  ASSERT_EQ(exit, 0) << log;

  // Every console message (a script error, a request or script the page's policy blocked) is
  // logged as a CONSOLE line: there must be none.
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    EXPECT_EQ(line.find(":CONSOLE"), std::string::npos) << line;
  }

  // The DOM as the browser built it: the label is text, no script element exists.
  const std::string dom = read_text(folder / "dom.html");
  EXPECT_NE(dom.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos) << dom;
  EXPECT_EQ(dom.find("<script"), std::string::npos);
  EXPECT_NE(dom.find("<svg class=\"plot\""), std::string::npos);
  EXPECT_NE(dom.find("<table class=\"pairs\">"), std::string::npos);

  // The screenshot: the page drawn, each label's curve in its colour.
  const RgbImage image = read_png(shot);
  EXPECT_EQ(image.width, 1280u);
  EXPECT_GT(distinct_colours(image), 20u);
  for (const auto& [label, colour] : host::label_colours({script, "sobol"})) {
    const auto rgb = static_cast<std::uint32_t>(std::stoul(colour.substr(1), nullptr, 16));
    EXPECT_GT(std::count(image.pixels.begin(), image.pixels.end(), rgb), 50) << label << colour;
  }
}

}  // namespace
}  // namespace bopp::test
