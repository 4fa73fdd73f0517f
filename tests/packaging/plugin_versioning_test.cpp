// A plugin built for an older ABI minor loads in this host: the loader reads only the fields
// inside each struct's struct_size and zero-fills the rest (docs/abi.md, "Versioning"). The
// plugins are tests/packaging/older_minor/older_minor.c.
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace bopp::host {
namespace {

const PluginRegistry& older_minor() {
  static const PluginRegistry registry({test::test_plugin_dir("older-minor")});
  return registry;
}

TEST(OlderMinorPlugin, LoadsWithoutBrokenLibraries) {
  EXPECT_TRUE(older_minor().broken().empty()) << older_minor().broken().front().reason;
  ASSERT_NE(older_minor().find_algorithm("older_grid"), nullptr);
  ASSERT_NE(older_minor().find_objective("older_line"), nullptr);
}

TEST(OlderMinorPlugin, ZeroFillsClassFieldsBeyondTheirStructSize) {
  const AlgorithmEntry& grid = older_minor().algorithm("older_grid");
  const ObjectiveEntry& line = older_minor().objective("older_line");
  EXPECT_LT(grid.table->struct_size, sizeof(bopp_algorithm_class));
  EXPECT_EQ(grid.table->get_extension, nullptr);
  EXPECT_NE(grid.table->recommend, nullptr);  // the last field inside struct_size is kept
  EXPECT_LT(line.table->struct_size, sizeof(bopp_objective_class));
  EXPECT_EQ(line.table->get_extension, nullptr);
  EXPECT_NE(line.table->evaluate, nullptr);
}

TEST(OlderMinorPlugin, ZeroFillsParameterFieldsBeyondTheirStructSize) {
  const ObjectiveEntry& line = older_minor().objective("older_line");
  ASSERT_EQ(line.params().size(), 1u);
  EXPECT_STREQ(line.params()[0]->name, "label");
  EXPECT_EQ(line.params()[0]->choices, nullptr);  // the plugin's "only-this" lies beyond
}

TEST(OlderMinorPlugin, ZeroFillsProblemFieldsBeyondItsStructSize) {
  const HostServices services("older_line", nullptr, nullptr, 1);
  Objective line(older_minor().objective("older_line"), "", 0, services);
  EXPECT_FALSE(line.problem().thread_safe);  // the plugin wrote 1 beyond its struct_size
  EXPECT_EQ(line.problem().dim(), 1);
  ASSERT_TRUE(line.problem().optimum_value.has_value());
  EXPECT_EQ(*line.problem().optimum_value, 0.0);
  const double x = 0.75;
  const Evaluation e = line.evaluate(std::span<const double>(&x, 1), 0);
  EXPECT_TRUE(e.ok) << e.message;
  EXPECT_DOUBLE_EQ(e.y, 0.25);
}

TEST(OlderMinorPlugin, IgnoresManifestFieldsBeyondItsStructSize) {
  const PluginRegistry registry({test::test_plugin_dir("older-manifest")});
  ASSERT_TRUE(registry.broken().empty()) << registry.broken().front().reason;
  ASSERT_EQ(registry.libraries().size(), 1u);
  EXPECT_EQ(registry.libraries().front()->name(), "older_manifest");
  EXPECT_NE(registry.find_algorithm("older_grid_only"), nullptr);
  // The manifest points at an objective past its struct_size: never read.
  EXPECT_TRUE(registry.objectives().empty());
}

TEST(OlderMinorPlugin, RunsAndIsRecordedWithItsVersions) {
  Experiment e = Experiment::parse(
      "[run]\nseed = 3\nbudget = 9\nbatch = 3\n[objective]\nname = 'older_line'\n"
      "[algorithm]\nname = 'older_grid'\n",
      "older.toml");
  e.output = (test::fresh_folder("run") / "record").string();
  e.resolve_plugins(older_minor());
  RunOptions options;
  options.progress = false;
  options.log = nullptr;
  const RunResult r = run_experiment(e, older_minor(), options);
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  ASSERT_TRUE(r.best.has_value());
  EXPECT_DOUBLE_EQ(r.best->y, 0.0);  // the grid's third point is 0.25, the minimizer

  std::ifstream in(r.record / "run.json");
  const auto run = nlohmann::json::parse(in);
  EXPECT_EQ(run["objective"]["version"], "0.9.0");
  EXPECT_EQ(run["objective"]["library"], "older_minor");
  EXPECT_EQ(run["objective"]["library_version"], "0.9.0");
  EXPECT_EQ(run["algorithm"]["version"], "0.9.0");
  EXPECT_EQ(run["algorithm"]["abi"],
            std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR));
}

}  // namespace
}  // namespace bopp::host
