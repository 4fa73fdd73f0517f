// An allocation that fails inside the run loop ends the run `failed`, in one message that
// names the plugin being called, never an abort that leaves the record `running`.
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <limits>

namespace bopp::host {
namespace {

TEST(OutOfMemory, AFailedAllocationInAskEndsTheRunFailedNamingTheAlgorithm) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer aborts on an allocation this size instead of throwing";
#else
  const PluginRegistry registry({test::plugin_dir(), test::test_plugin_dir("misbehaving")});
  // 1e11 points of 2 coordinates: 1.6 TB, which no allocation can give.
  Experiment e = Experiment::parse(
      "[run]\nbudget = 100000000000\nbatch = 100000000000\n[objective]\nname = "
      "'slow_objective'\nsleep_ms = 0.0\n[algorithm]\nname = 'random'\n",
      "exp.toml");
  e.output = (test::fresh_folder("out-of-memory") / "record").string();
  e.resolve_plugins(registry);
  RunOptions options;
  options.progress = false;
  options.log = nullptr;
  options.memory_ceiling = std::numeric_limits<std::uint64_t>::max();  // past the size check
  const RunResult r = run_experiment(e, registry, options);
  EXPECT_EQ(r.status, RunStatus::failed);
  EXPECT_NE(r.message.find("algorithm 'random': out of memory in ask("), std::string::npos)
      << r.message;
  std::ifstream in(r.record / "run.json");
  const auto json = nlohmann::json::parse(in);
  EXPECT_EQ(json["status"], "failed");
  EXPECT_EQ(json["message"], r.message);
#endif
}

}  // namespace
}  // namespace bopp::host
