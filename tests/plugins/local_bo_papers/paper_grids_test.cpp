// Every grid in examples/papers/ is a valid bench grid for the plugins that ship: a key
// renamed in a plugin's schema, or a typo in a grid, fails here rather than an hour into a
// reproduction.
#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <exception>
#include <filesystem>

namespace bopp::host {
namespace {

TEST(PaperGrids, EveryGridResolvesAgainstTheShippedPlugins) {
  const PluginRegistry registry({test::plugin_dir()});
  const std::filesystem::path folder =
      std::filesystem::path(BOPP_TEST_SOURCE_DIR) / "examples" / "papers";
  int grids = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".toml") continue;
    ++grids;
    try {
      EXPECT_FALSE(BenchGrid::load(entry.path(), registry).runs().empty()) << entry.path();
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
    }
  }
  EXPECT_GE(grids, 4);  // wu-fig1, wu-fig1-features, fan-fig2, fan-d10-ordering
}

}  // namespace
}  // namespace bopp::host
