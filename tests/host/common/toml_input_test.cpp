// Reading user TOML: locations, syntax errors and schema checks, each one line.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/toml_input.hpp>

#include <gtest/gtest.h>

#include <functional>

namespace bopp::host {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(TomlInput, LocationNamesTheSourceAndLine) {
  const toml::table t = parse_toml("a = 1\nb = 2\n", "exp.toml");
  EXPECT_EQ(toml_location(t.get("b"), "fallback"), "exp.toml:2: ");
  EXPECT_EQ(toml_location(nullptr, "exp.toml"), "exp.toml: ");
}

TEST(TomlInput, SyntaxErrorNamesLineAndColumn) {
  const std::string message = error_of([] { parse_toml("a = 1\nb = = 2\n", "grid.toml"); });
  EXPECT_EQ(message.rfind("grid.toml:2:", 0), 0u) << message;
  EXPECT_NE(message.find("TOML syntax error"), std::string::npos) << message;
}

TEST(TomlInput, UnknownSectionSuggestsTheClosest) {
  const toml::table t = parse_toml("[runn]\nseed = 1\n", "exp.toml");
  const std::string message = error_of([&] {
    check_sections(t, {"run", "objective"}, "; allowed: run, objective", "exp.toml");
  });
  EXPECT_EQ(message,
            "exp.toml:1: unknown section [runn] (did you mean 'run'?); allowed: run, objective");
}

TEST(TomlInput, UnknownKeySuggestsTheClosestAndNamesItsLine) {
  static const bopp::ParamTable schema({bopp::Param::integer("budget", 10, "evaluations")});
  toml::table t = parse_toml("budgit = 3\n", "exp.toml");
  const std::string message =
      error_of([&] { check_table(t, params_of(schema), "[run]", "[run] ", "exp.toml"); });
  EXPECT_EQ(message.rfind("exp.toml:1: [run] unknown key 'budgit'", 0), 0u) << message;
  EXPECT_NE(message.find("(did you mean 'budget'?)"), std::string::npos) << message;
}

TEST(TomlInput, CheckedTableGetsItsDefaults) {
  static const bopp::ParamTable schema({bopp::Param::integer("budget", 10, "evaluations")});
  toml::table t;
  check_table(t, params_of(schema), "[run]", "[run] ", "exp.toml");
  EXPECT_EQ(t["budget"].value<std::int64_t>(), 10);
}

}  // namespace
}  // namespace bopp::host
