// BOPP_ALLOW_INSECURE_PLUGINS, read strictly: only a clear yes turns the owner check off.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace bopp::host {
namespace {

PluginTrust trust_with(const char* value) {
  ::setenv("BOPP_ALLOW_INSECURE_PLUGINS", value, 1);
  try {
    const PluginTrust trust = plugin_trust(false);
    ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
    return trust;
  } catch (...) {
    ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
    throw;
  }
}

TEST(PluginTrust, FalseNoZeroAndEmptyKeepTheOwnerCheck) {
  for (const char* off : {"0", "false", "no", "", "FALSE", "No"})
    EXPECT_EQ(trust_with(off), PluginTrust::owner_only) << "'" << off << "'";
  ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
  EXPECT_EQ(plugin_trust(false), PluginTrust::owner_only);
}

TEST(PluginTrust, OneTrueAndYesTurnItOff) {
  for (const char* on : {"1", "true", "yes", "TRUE", "Yes"})
    EXPECT_EQ(trust_with(on), PluginTrust::any) << on;
}

TEST(PluginTrust, TheCommandLineWinsOverTheVariable) {
  ::setenv("BOPP_ALLOW_INSECURE_PLUGINS", "no", 1);
  EXPECT_EQ(plugin_trust(true), PluginTrust::any);
  ::unsetenv("BOPP_ALLOW_INSECURE_PLUGINS");
}

TEST(PluginTrust, AnyOtherValueIsAnErrorNamingTheVariable) {
  for (const char* bad : {"2", "on", "ture", " yes"}) {
    try {
      trust_with(bad);
      FAIL() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("BOPP_ALLOW_INSECURE_PLUGINS"), std::string::npos) << message;
      EXPECT_NE(message.find(std::string("'") + bad + "'"), std::string::npos) << message;
    }
  }
  const std::string huge(1 << 20, 'y');
  try {
    trust_with(huge.c_str());
    FAIL();
  } catch (const Error& e) {
    EXPECT_LT(std::string(e.what()).size(), 1000u);
  }
}

}  // namespace
}  // namespace bopp::host
