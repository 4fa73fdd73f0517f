// Plugin libraries that someone other than the user running bopp (or root) could have changed
// are refused, with one line naming the file, unless the user allows them (the
// same rule ssh applies to keys; docs/decisions.md). The tests copy the `random` plugin into a
// fresh folder and loosen the copy's permissions.
#include <bopp/host/plugins/plugin_registry.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace bopp::host {
namespace {
namespace fs = std::filesystem;

constexpr const char* kPlugin = "libbopp-random.so";

// <fresh>/above/plugins/libbopp-random.so, with the modes given; returns the plugins folder.
fs::path copy_random_plugin(fs::perms file_mode = fs::perms(0755),
                            fs::perms folder_mode = fs::perms(0755),
                            fs::perms above_mode = fs::perms(0755)) {
  const fs::path above = test::fresh_folder("security") / "above";
  const fs::path plugins = above / "plugins";
  fs::create_directories(plugins);
  fs::copy_file(test::plugin_dir() / kPlugin, plugins / kPlugin);
  fs::permissions(plugins / kPlugin, file_mode);
  fs::permissions(plugins, folder_mode);
  fs::permissions(above, above_mode);
  return plugins;
}

const BrokenLibrary* only_broken(const PluginRegistry& registry) {
  return registry.broken().size() == 1 ? &registry.broken().front() : nullptr;
}

TEST(PluginSecurity, LoadsAPluginOnlyItsOwnerCanWrite) {
  const PluginRegistry registry({copy_random_plugin()});
  EXPECT_TRUE(registry.broken().empty()) << registry.broken().front().reason;
  EXPECT_NE(registry.find_algorithm("random"), nullptr);
}

TEST(PluginSecurity, RefusesAPluginFileWritableByOthers) {
  const fs::path plugins = copy_random_plugin(fs::perms(0757));
  const PluginRegistry registry({plugins});
  EXPECT_EQ(registry.find_algorithm("random"), nullptr);
  const BrokenLibrary* b = only_broken(registry);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->path.filename(), kPlugin);
  const std::string& reason = b->reason;
  EXPECT_EQ(reason.rfind((plugins / kPlugin).string() +
                             ": refused to load: the file is writable by others (mode 0757",
                         0),
            0u)
      << reason;
  EXPECT_NE(reason.find("chmod go-w"), std::string::npos) << reason;
  EXPECT_NE(reason.find("--allow-insecure-plugins"), std::string::npos) << reason;
  EXPECT_EQ(reason.find('\n'), std::string::npos) << reason;
}

TEST(PluginSecurity, RefusesAPluginInAFolderWritableByOthers) {
  const fs::path plugins = copy_random_plugin(fs::perms(0755), fs::perms(0777));
  const PluginRegistry registry({plugins});
  EXPECT_EQ(registry.find_algorithm("random"), nullptr);
  const BrokenLibrary* b = only_broken(registry);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("its folder " + fs::canonical(plugins).string() +
                           " is writable by others (mode 0777"),
            std::string::npos)
      << b->reason;
}

TEST(PluginSecurity, RefusesAPluginBelowAFolderOthersCanRename) {
  const PluginRegistry registry(
      {copy_random_plugin(fs::perms(0755), fs::perms(0755), fs::perms(0777))});
  const BrokenLibrary* b = only_broken(registry);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("above it is writable by others"), std::string::npos) << b->reason;
}

TEST(PluginSecurity, AcceptsAStickyFolderAboveThePluginFolder) {
  // Like /tmp: others may create files in it, but not rename or replace ours.
  const PluginRegistry registry(
      {copy_random_plugin(fs::perms(0755), fs::perms(0755), fs::perms(01777))});
  EXPECT_TRUE(registry.broken().empty()) << registry.broken().front().reason;
  EXPECT_NE(registry.find_algorithm("random"), nullptr);
}

TEST(PluginSecurity, RefusesAPluginOwnedByAnotherUser) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a file to another user";
  const fs::path plugins = copy_random_plugin();
  ASSERT_EQ(::chown((plugins / kPlugin).c_str(), 65534, 65534), 0);
  const PluginRegistry registry({plugins});
  const BrokenLibrary* b = only_broken(registry);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("the file is owned by uid 65534, neither you nor root"),
            std::string::npos)
      << b->reason;
}

TEST(PluginSecurity, LoadsInsecurePluginsWhenTheUserAllowsThem) {
  const PluginRegistry registry({copy_random_plugin(fs::perms(0777), fs::perms(0777))},
                                PluginTrust::any);
  EXPECT_TRUE(registry.broken().empty()) << registry.broken().front().reason;
  EXPECT_NE(registry.find_algorithm("random"), nullptr);
}

TEST(PluginSecurity, EnvironmentVariableAllowsInsecurePlugins) {
  ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
  EXPECT_EQ(plugin_trust(false), PluginTrust::owner_only);
  EXPECT_EQ(plugin_trust(true), PluginTrust::any);
  ::setenv("BOPP_ALLOW_INSECURE_PLUGINS", "1", 1);
  EXPECT_EQ(plugin_trust(false), PluginTrust::any);
  ::setenv("BOPP_ALLOW_INSECURE_PLUGINS", "0", 1);
  EXPECT_EQ(plugin_trust(false), PluginTrust::owner_only);
  ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
}

// `bopp list` shows a refused library under "Broken", and --allow-insecure-plugins loads it.
std::string bopp_list(const fs::path& plugins, const std::string& options) {
  const fs::path out = plugins.parent_path() / "list.out";
  const std::string command =
      "env -u BOPP_ALLOW_INSECURE_PLUGINS '" + test::bopp_program().string() + "' --plugin-path '" +
      plugins.string() + "' " + options + " list > '" + out.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  std::stringstream text;
  text << std::ifstream(out).rdbuf();
  return text.str();
}

TEST(PluginSecurity, BoppListShowsARefusedPluginAsBroken) {
  const fs::path plugins = copy_random_plugin(fs::perms(0757));
  const std::string refused = bopp_list(plugins, "");
  const auto broken = refused.find("Broken (skipped):");
  ASSERT_NE(broken, std::string::npos) << refused;
  EXPECT_NE(refused.find((plugins / kPlugin).string() + ": refused to load", broken),
            std::string::npos)
      << refused;

  const std::string allowed = bopp_list(plugins, "--allow-insecure-plugins");
  EXPECT_EQ(allowed.find("refused to load"), std::string::npos) << allowed;
  EXPECT_NE(allowed.find("from random"), std::string::npos) << allowed;
}

}  // namespace
}  // namespace bopp::host
