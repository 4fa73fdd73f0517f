// Child processes: exit codes and signals decoded, output captured, no shell in between.
#include <bopp/host/common/child_process.hpp>

#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <sstream>

namespace bopp::host {
namespace {

using bopp::test::read_text;

ChildExit run_shell(const std::string& script, const std::filesystem::path& output) {
  ChildProcess child({"/bin/sh", "-c", script}, output);
  return child.wait();
}

TEST(ChildProcess, ReportsTheExitCode) {
  const auto folder = test::fresh_folder("child-exit");
  const ChildExit ok = run_shell("exit 0", folder / "ok.log");
  EXPECT_TRUE(ok.succeeded());
  const ChildExit failed = run_shell("exit 3", folder / "failed.log");
  EXPECT_FALSE(failed.signaled);
  EXPECT_EQ(failed.code, 3);
  EXPECT_FALSE(failed.succeeded());
}

TEST(ChildProcess, ReportsTheSignalThatKilledIt) {
  const auto folder = test::fresh_folder("child-signal");
  const ChildExit killed = run_shell("kill -KILL $$", folder / "out.log");
  EXPECT_TRUE(killed.signaled);
  EXPECT_EQ(killed.signal, SIGKILL);
  EXPECT_FALSE(killed.succeeded());
  EXPECT_NE(killed.signal_text().find("signal 9 ("), std::string::npos) << killed.signal_text();
}

TEST(ChildProcess, SendsStandardOutputAndErrorToTheFile) {
  const auto folder = test::fresh_folder("child-output");
  const auto log = folder / "out.log";
  std::ofstream(log) << "stale content that must go\n";
  EXPECT_TRUE(run_shell("echo out; echo err >&2; cat", log).succeeded());
  EXPECT_EQ(read_text(log), "out\nerr\n");
}

TEST(ChildProcess, ArgumentsReachTheProgramUnchanged) {
  const auto folder = test::fresh_folder("child-args");
  const auto log = folder / "out.log";
  ChildProcess child({"/bin/echo", "a b", "$HOME", "'q'"}, log);
  EXPECT_TRUE(child.wait().succeeded());
  EXPECT_EQ(read_text(log), "a b $HOME 'q'\n");
}

TEST(ChildProcess, AProgramThatCannotRunExitsWithCannotExecute) {
  const auto folder = test::fresh_folder("child-missing");
  ChildProcess child({(folder / "no-such-program").string()}, folder / "out.log");
  const ChildExit exit = child.wait();
  EXPECT_FALSE(exit.signaled);
  EXPECT_EQ(exit.code, kCannotExecute);
}

}  // namespace
}  // namespace bopp::host
