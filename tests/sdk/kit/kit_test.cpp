// The authoring kit: schema checks, defaults, and exceptions turned into statuses.
#include <bopp/kit/seed_mixing.hpp>
#include <bopp/plugin.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace {

struct Counter {
  static constexpr const char* name = "counter";
  static constexpr const char* version = "1.2.3";
  static constexpr const char* summary = "asks the box centre, counts tells";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::real("step", 0.5, "a step").range(0.0, 1.0),
            bopp::Param::integer("repeats", 2, "how often").at_least(1),
            bopp::Param::choice("mode", "a", "a|b", "a mode"),
            bopp::Param::boolean("throw_in_ask", false, "fail on purpose")};
  }
  Counter(const bopp::Problem& p, const bopp::Config& c, std::uint64_t, const bopp::Host&)
      : problem(p), step(c.real("step")), throw_in_ask(c.boolean("throw_in_ask")) {}
  bopp::Points ask(std::size_t) {
    if (throw_in_ask) throw std::runtime_error("ask failed on purpose");
    return ((problem.lower + problem.upper) / 2).transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t> s) {
    told += s.size();
  }
  Eigen::VectorXd recommend() { return problem.lower; }
  bopp::Problem problem;
  double step;
  bool throw_in_ask;
  std::size_t told = 0;
};

struct Square {
  static constexpr const char* name = "square";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary = "sum of squares, throws at x0 < 0";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::integer("dim", 2, "dimension").range(1, 10)};
  }
  Square(const bopp::Config& c, std::uint64_t, const bopp::Host&) : dim(c.integer("dim")) {}
  bopp::Problem problem() const {
    auto p = bopp::Problem::box(dim, -1, 1);
    p.optimum_value = 0.0;
    return p;
  }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (x[0] < 0) throw std::runtime_error("negative x0");
    return x.squaredNorm();
  }
  std::int64_t dim;
};

}  // namespace

BOPP_PLUGIN_LIBRARY("kit-test", "9.9.9", bopp::Algorithm<Counter>, bopp::Objective<Square>)

namespace {

const bopp_manifest& manifest() { return *bopp_plugin_manifest(); }

TEST(Kit, ManifestListsClassesWithAbiVersion) {
  EXPECT_EQ(manifest().abi_major, BOPP_ABI_MAJOR);
  EXPECT_EQ(manifest().struct_size, sizeof(bopp_manifest));
  ASSERT_EQ(manifest().algorithm_count, 1u);
  ASSERT_EQ(manifest().objective_count, 1u);
  EXPECT_STREQ(manifest().algorithms[0]->name, "counter");
  EXPECT_STREQ(manifest().objectives[0]->version, "0.1.0");
  EXPECT_EQ(manifest().algorithms[0]->param_count, 4u);
  EXPECT_STREQ(manifest().algorithms[0]->params[0]->default_value, "0.5");
  EXPECT_STREQ(manifest().algorithms[0]->params[2]->choices, "a|b");
}

TEST(Kit, ObjectiveEvaluatesAndFailsOnePointOnly) {
  const auto& cls = *manifest().objectives[0];
  void* inst = nullptr;
  char err[256] = "";
  ASSERT_EQ(cls.create("dim = 3", 1, nullptr, &inst, err, sizeof err), BOPP_OK) << err;
  const bopp_problem* p = cls.problem(inst);
  EXPECT_EQ(p->dim, 3u);
  EXPECT_EQ(p->has_optimum, 1);
  double X[6] = {0.5, 0.5, 0.5, -0.5, 0, 0};
  std::uint64_t seeds[2] = {1, 2};
  double y[2];
  std::int32_t status[2];
  err[0] = '\0';
  ASSERT_EQ(cls.evaluate(inst, X, 2, seeds, y, status, err, sizeof err), BOPP_OK);
  EXPECT_DOUBLE_EQ(y[0], 0.75);
  EXPECT_EQ(status[0], BOPP_OK);
  EXPECT_EQ(status[1], BOPP_EVAL_FAILED);
  EXPECT_TRUE(std::isnan(y[1]));
  EXPECT_STREQ(err, "negative x0");
  cls.destroy(inst);
}

TEST(Kit, RejectsOutOfRangeConfigWithInvalidConfigStatus) {
  const auto& cls = *manifest().objectives[0];
  void* inst = nullptr;
  char err[256] = "";
  EXPECT_EQ(cls.create("dim = 11", 1, nullptr, &inst, err, sizeof err), BOPP_INVALID_CONFIG);
  EXPECT_NE(std::string(err).find("'dim'"), std::string::npos) << err;
  EXPECT_EQ(inst, nullptr);
}

TEST(Kit, AlgorithmExceptionBecomesStatusAndMessage) {
  const auto& obj = *manifest().objectives[0];
  const auto& alg = *manifest().algorithms[0];
  void* o = nullptr;
  void* a = nullptr;
  char err[256] = "";
  ASSERT_EQ(obj.create("", 1, nullptr, &o, err, sizeof err), BOPP_OK) << err;
  ASSERT_EQ(alg.create(obj.problem(o), "throw_in_ask = true", 1, nullptr, &a, err, sizeof err),
            BOPP_OK)
      << err;
  double X[2];
  std::uint64_t count = 0;
  EXPECT_EQ(alg.ask(a, 1, X, &count, err, sizeof err), BOPP_ERROR);
  EXPECT_STREQ(err, "ask failed on purpose");
  alg.destroy(a);
  obj.destroy(o);
}

TEST(Kit, TruncatesLongErrorMessagesSafely) {
  char small[8];
  bopp::kit::write_error(small, sizeof small, "a long message");
  EXPECT_STREQ(small, "a long ");
}

TEST(Schema, FillsDefaultsAndWidensIntegersToReals) {
  const auto& cls = *manifest().algorithms[0];
  toml::table t = toml::parse("step = 1");
  bopp::apply_schema(t, {cls.params, cls.param_count}, "algorithm 'counter'");
  EXPECT_TRUE(t["step"].is_floating_point());
  EXPECT_EQ(t["repeats"].value<std::int64_t>(), 2);
  EXPECT_EQ(t["mode"].value<std::string>(), "a");
}

TEST(Schema, UnknownKeyNamesKeyLineAndAllowedKeys) {
  const auto& cls = *manifest().algorithms[0];
  toml::table t = toml::parse("step = 0.1\nsteps = 3");
  try {
    bopp::apply_schema(t, {cls.params, cls.param_count}, "algorithm 'counter'");
    FAIL() << "accepted an unknown key";
  } catch (const bopp::SchemaError& e) {
    EXPECT_EQ(e.key(), "steps");
    EXPECT_EQ(e.line(), 2u);
    EXPECT_NE(std::string(e.what()).find("step, repeats, mode, throw_in_ask"), std::string::npos);
  }
}

TEST(Schema, RejectsWrongTypeAndBadChoice) {
  const auto& cls = *manifest().algorithms[0];
  toml::table t1 = toml::parse("repeats = 1.5");
  EXPECT_THROW(bopp::apply_schema(t1, {cls.params, cls.param_count}, "x"), bopp::SchemaError);
  toml::table t2 = toml::parse("mode = \"c\"");
  EXPECT_THROW(bopp::apply_schema(t2, {cls.params, cls.param_count}, "x"), bopp::SchemaError);
  toml::table t3 = toml::parse("repeats = 0");
  EXPECT_THROW(bopp::apply_schema(t3, {cls.params, cls.param_count}, "x"), bopp::SchemaError);
}

}  // namespace

namespace {

// Sub-seeds per (stream, index): distinct, and the same on a replay (the recipe of
// docs/writing-a-plugin.md).
TEST(DeriveSeed, GivesDistinctSeedsPerStreamAndIndexAndReplays) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t stream = 0; stream < 20; ++stream) {
    for (std::uint64_t index = 0; index < 20; ++index) {
      seen.insert(bopp::derive_seed(42, stream, index));
    }
  }
  EXPECT_EQ(seen.size(), 400u);
  EXPECT_EQ(bopp::derive_seed(42, 3, 5), bopp::derive_seed(42, 3, 5));
  EXPECT_NE(bopp::derive_seed(42, 3, 5), bopp::derive_seed(43, 3, 5));
  EXPECT_NE(bopp::derive_seed(42, 5, 3), bopp::derive_seed(42, 3, 5));  // not symmetric
  static_assert(bopp::derive_seed(1, 2, 3) == bopp::mix64(bopp::mix64(bopp::mix64(1) ^ 2) ^ 3));
}

}  // namespace
