// The schema check's handling of values a double cannot hold, infinities, and long echoes.
#include <bopp/config_schema.hpp>
#include <bopp/kit/param.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

// Checks `text` against a one-parameter schema and returns the error message ("" if none).
std::string schema_error(const bopp::Param& param, const std::string& text) {
  const bopp::ParamTable params({param});
  toml::table table = toml::parse(text);
  try {
    bopp::apply_schema(table, {params.data(), params.size()}, "objective 'o'");
  } catch (const bopp::SchemaError& e) {
    return e.what();
  }
  return "";
}

bopp::Param non_negative_real() {
  return bopp::Param::real("noise_variance", 0.01, "a variance").at_least(0.0);
}

TEST(SchemaValues, RejectsAnIntegerTooLargeForARealNamingTheKey) {
  const std::string message =
      schema_error(non_negative_real(), "noise_variance = -9223372036854775808");
  EXPECT_NE(message.find("'noise_variance'"), std::string::npos) << message;
  EXPECT_NE(message.find("-9223372036854775808"), std::string::npos) << message;
  EXPECT_NE(schema_error(non_negative_real(), "noise_variance = 9007199254740993"), "");
}

TEST(SchemaValues, WidensAnIntegerUpTo2To53Exactly) {
  const bopp::ParamTable params({bopp::Param::real("x", 0.0, "x")});
  toml::table table = toml::parse("x = 9007199254740992");
  bopp::apply_schema(table, {params.data(), params.size()}, "o");
  EXPECT_EQ(table["x"].value<double>(), 9007199254740992.0);
}

TEST(SchemaValues, RejectsAnIntegerTooLargeInAListOfReals) {
  const bopp::Param list = bopp::Param::reals("x0", {0.5}, "start").range(0.0, 1.0);
  const std::string message = schema_error(list, "x0 = [0.5, -9223372036854775808]");
  EXPECT_NE(message.find("'x0'"), std::string::npos) << message;
}

TEST(SchemaValues, RejectsInfinityWhereTheDefaultIsFinite) {
  const bopp::Param noise = bopp::Param::real("noise_std", 0.0, "noise").at_least(0.0);
  const std::string message = schema_error(noise, "noise_std = inf");
  EXPECT_NE(message.find("'noise_std'"), std::string::npos) << message;
  EXPECT_NE(message.find("finite"), std::string::npos) << message;
  EXPECT_NE(schema_error(bopp::Param::real("outputscale", 1.0, "scale"), "outputscale = -inf"), "");
  EXPECT_NE(schema_error(bopp::Param::reals("x0", {0.5}, "start"), "x0 = [0.5, inf]"), "");
  EXPECT_NE(schema_error(non_negative_real(), "noise_variance = nan"), "");
}

TEST(SchemaValues, AcceptsInfinityWhereTheDefaultIsInfinite) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(schema_error(bopp::Param::real("upper", inf, "no limit"), "upper = inf"), "");
  EXPECT_EQ(schema_error(bopp::Param::reals("upper", {inf, 1.0}, "bounds"), "upper = [inf, 2]"),
            "");
  // Still inside the declared range: a default of +inf does not admit -inf below a minimum.
  EXPECT_NE(schema_error(bopp::Param::real("upper", inf, "no limit").at_least(0.0), "upper = -inf"),
            "");
}

TEST(SchemaValues, ADefaultThatIsNotTomlIsASchemaErrorNamingTheKey) {
  bopp_param broken{};
  broken.struct_size = sizeof broken;
  broken.name = "lr";
  broken.type = BOPP_PARAM_REAL;
  broken.default_value = "0.25.5";
  broken.minimum = -std::numeric_limits<double>::infinity();
  broken.maximum = std::numeric_limits<double>::infinity();
  const bopp_param* params[] = {&broken};
  toml::table table;
  try {
    bopp::apply_schema(table, params, "algorithm 'a'");
    FAIL() << "accepted a default that is not TOML";
  } catch (const bopp::SchemaError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'lr'"), std::string::npos) << message;
    EXPECT_NE(message.find("algorithm 'a'"), std::string::npos) << message;
    EXPECT_NE(message.find("0.25.5"), std::string::npos) << message;
  }
}

TEST(SchemaValues, CapsAnEchoedValue) {
  const bopp::Param mode = bopp::Param::choice("mode", "a", "a|b", "a mode");
  const std::string huge(1 << 20, 'z');
  const std::string message = schema_error(mode, "mode = \"" + huge + "\"");
  EXPECT_LT(message.size(), 1000u) << message.substr(0, 2000);
  EXPECT_NE(message.find("zzz..."), std::string::npos) << message;
  const std::string unknown = schema_error(mode, huge + " = 1");
  EXPECT_LT(unknown.size(), 1000u);
}

}  // namespace
