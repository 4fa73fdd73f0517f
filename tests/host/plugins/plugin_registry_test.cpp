// Plugin discovery and loading, with deliberately broken libraries (tests/test_plugins).
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <sstream>

namespace bopp::host {
namespace {

using test::plugin_dir;
using test::test_plugin_dir;

const BrokenLibrary* broken_named(const PluginRegistry& registry, const std::string& file) {
  for (const auto& b : registry.broken())
    if (b.path.filename() == file) return &b;
  return nullptr;
}

TEST(PluginRegistry, LoadsRandomFromTheBuildFolder) {
  const PluginRegistry registry({plugin_dir()});
  const AlgorithmEntry& random = registry.algorithm("random");
  EXPECT_EQ(random.library->name(), "random");
  EXPECT_EQ(random.library->abi_major(), static_cast<std::uint32_t>(BOPP_ABI_MAJOR));
  EXPECT_TRUE(registry.broken().empty());
}

TEST(PluginRegistry, RejectsPluginWithOtherAbiMajor) {
  const PluginRegistry registry({test_plugin_dir("other-major")});
  EXPECT_EQ(registry.find_algorithm("future_algo"), nullptr);
  const BrokenLibrary* b = broken_named(registry, "libbopp-other_major.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("libbopp-other_major.so"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("ABI 2.0"), std::string::npos) << b->reason;
  const std::string ours =
      "ABI " + std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR);
  EXPECT_NE(b->reason.find(ours), std::string::npos) << b->reason;
}

TEST(PluginRegistry, ReportsLibraryWithoutEntrySymbol) {
  const PluginRegistry registry({test_plugin_dir("no-entry")});
  const BrokenLibrary* b = broken_named(registry, "libbopp-no_entry.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("no entry symbol 'bopp_plugin_manifest'"), std::string::npos)
      << b->reason;
}

TEST(PluginRegistry, ReportsFileThatIsNotALibrary) {
  const PluginRegistry registry({test_plugin_dir("not-a-library")});
  const BrokenLibrary* b = broken_named(registry, "libbopp-garbage.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("cannot load plugin library"), std::string::npos) << b->reason;
  EXPECT_EQ(b->reason.find('\n'), std::string::npos);
}

TEST(PluginRegistry, SkipsSecondLibraryProvidingTheSameName) {
  const PluginRegistry registry({test_plugin_dir("duplicate")});
  const ObjectiveEntry& kept = registry.objective("dup_objective");
  EXPECT_EQ(kept.library->name(), "dup_a");
  const BrokenLibrary* b = broken_named(registry, "libbopp-dup_b.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("libbopp-dup_a.so"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("'dup_objective' is already provided"), std::string::npos) << b->reason;
}

TEST(PluginRegistry, LoadsAPluginWrittenInPlainC) {
  const PluginRegistry registry({test_plugin_dir("c")});
  EXPECT_NE(registry.find_objective("c_quadratic"), nullptr);
  EXPECT_NE(registry.find_algorithm("c_grid"), nullptr);
}

TEST(PluginRegistry, UnknownNameSuggestsTheClosestAndMentionsBrokenLibraries) {
  const PluginRegistry registry({plugin_dir(), test_plugin_dir("other-major")});
  try {
    registry.algorithm("randon");
    FAIL();
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("unknown algorithm 'randon' (did you mean 'random'?)"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("1 plugin library could not be loaded"), std::string::npos) << message;
  }
}

TEST(PluginRegistry, TheSameFolderTwiceLoadsEachLibraryOnce) {
  const PluginRegistry registry({plugin_dir(), plugin_dir() / "."});
  EXPECT_TRUE(registry.broken().empty());
  EXPECT_EQ(registry.algorithm_names().size(),
            PluginRegistry({plugin_dir()}).algorithm_names().size());
}

TEST(PluginRegistry, SearchPathPutsCommandLineThenEnvironmentFirst) {
  ::setenv("BOPP_PLUGIN_PATH", "/env/a:/env/b", 1);
  const auto folders = plugin_search_path({"/cli"});
  ::unsetenv("BOPP_PLUGIN_PATH");
  ASSERT_GE(folders.size(), 4u);
  EXPECT_EQ(folders[0], "/cli");
  EXPECT_EQ(folders[1], "/env/a");
  EXPECT_EQ(folders[2], "/env/b");
  EXPECT_EQ(folders.back().filename(), "plugins");
}

TEST(PluginRegistry, SearchPathNamesAFolderOnceAtItsFirstPlace) {
  const std::string twice = plugin_dir().string() + ":" + (plugin_dir() / ".").string() + ":/env/b";
  ::setenv("BOPP_PLUGIN_PATH", twice.c_str(), 1);
  const auto folders = plugin_search_path({"/cli", "/cli/"});
  ::unsetenv("BOPP_PLUGIN_PATH");
  ASSERT_GE(folders.size(), 3u);
  EXPECT_EQ(folders[0], "/cli");
  EXPECT_EQ(folders[1], plugin_dir());
  EXPECT_EQ(folders[2], "/env/b");
  for (std::size_t i = 0; i < folders.size(); ++i)
    for (std::size_t j = i + 1; j < folders.size(); ++j)
      EXPECT_NE(std::filesystem::weakly_canonical(folders[i]),
                std::filesystem::weakly_canonical(folders[j]));
}

// A library's version moves with its classes': bopp's own libraries carry the version of their
// newest class, so `bopp list` and run.json's library version say when a class changed.
TEST(PluginRegistry, EachShippedLibraryCarriesItsNewestClassVersion) {
  const PluginRegistry registry({plugin_dir()});
  const auto parsed = [](const std::string& version) {
    std::array<int, 3> parts{};
    std::istringstream in(version);
    char dot = 0;
    in >> parts[0] >> dot >> parts[1] >> dot >> parts[2];
    EXPECT_FALSE(in.fail()) << "not a version: " << version;
    return parts;
  };
  std::map<const PluginLibrary*, std::array<int, 3>> newest;
  const auto note = [&](const PluginLibrary* library, const char* version) {
    auto& best = newest[library];
    best = std::max(best, parsed(version));
  };
  for (const auto& a : registry.algorithms()) note(a.library.get(), a.table->version);
  for (const auto& o : registry.objectives()) note(o.library.get(), o.table->version);
  ASSERT_GE(newest.size(), 9u);
  for (const auto& [library, version] : newest)
    EXPECT_EQ(parsed(library->version()), version)
        << library->name() << " " << library->version() << " has a newer class";
}

TEST(PluginRegistry, NeverSearchesTheCurrentFolderImplicitly) {
  ::unsetenv("BOPP_PLUGIN_PATH");
  for (const auto& folder : plugin_search_path({})) {
    EXPECT_TRUE(folder.is_absolute()) << folder;
  }
}

}  // namespace
}  // namespace bopp::host
