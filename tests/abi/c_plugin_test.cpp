// The plugin written in plain C (c_plugin.c), loaded as a module and driven through the ABI:
// proof that the contract is usable without the C++ kit.
#include <bopp/abi.h>
#include <bopp/ext/pending_asks.h>

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

const bopp_manifest& c_manifest() {
  static const bopp_manifest* manifest = [] {
    const std::string path = std::string(BOPP_TEST_BROKEN_PLUGIN_DIR) + "/c/libbopp-c_plugin.so";
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw std::runtime_error(dlerror());
    auto entry = reinterpret_cast<bopp_manifest_function>(dlsym(library, BOPP_ENTRY_SYMBOL));
    if (entry == nullptr) throw std::runtime_error(path + " has no " BOPP_ENTRY_SYMBOL);
    return entry();
  }();
  return *manifest;
}

TEST(CPlugin, ManifestNamesOneObjectiveAndOneAlgorithm) {
  const bopp_manifest& m = c_manifest();
  EXPECT_EQ(m.struct_size, sizeof(bopp_manifest));
  EXPECT_EQ(m.abi_major, BOPP_ABI_MAJOR);
  EXPECT_STREQ(m.library_name, "c_plugin");
  ASSERT_EQ(m.objective_count, 1u);
  ASSERT_EQ(m.algorithm_count, 1u);
  EXPECT_STREQ(m.objectives[0]->name, "c_quadratic");
  EXPECT_STREQ(m.algorithms[0]->name, "c_grid");
  ASSERT_EQ(m.objectives[0]->param_count, 1u);
  EXPECT_STREQ(m.objectives[0]->params[0]->name, "dim");
  EXPECT_STREQ(m.objectives[0]->params[0]->default_value, "2");
}

TEST(CPlugin, QuadraticIsZeroAtItsOptimum) {
  const bopp_objective_class& c = *c_manifest().objectives[0];
  void* instance = nullptr;
  char error[256] = "";
  ASSERT_EQ(c.create("dim = 3", 1, nullptr, &instance, error, sizeof error), BOPP_OK) << error;
  const bopp_problem& p = *c.problem(instance);
  EXPECT_EQ(p.dim, 3u);
  EXPECT_EQ(p.sense, BOPP_MINIMIZE);
  ASSERT_EQ(p.has_optimum, 1);
  EXPECT_EQ(p.optimum_value, 0.0);
  ASSERT_NE(p.optimizer, nullptr);
  EXPECT_EQ(p.optimizer[2], 0.3);

  const double X[6] = {0.3, 0.3, 0.3, 0.0, 1.0, 0.3};
  const std::uint64_t seeds[2] = {1, 2};
  double y[2];
  std::int32_t status[2];
  ASSERT_EQ(c.evaluate(instance, X, 2, seeds, y, status, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(y[0], 0.0);
  EXPECT_DOUBLE_EQ(y[1], 0.09 + 0.49);
  EXPECT_EQ(status[0], BOPP_OK);
  EXPECT_EQ(status[1], BOPP_OK);
  c.destroy(instance);
}

TEST(CPlugin, RejectsAnOutOfRangeDimWithInvalidConfig) {
  const bopp_objective_class& c = *c_manifest().objectives[0];
  void* instance = nullptr;
  char error[256] = "";
  EXPECT_EQ(c.create("dim = 0", 1, nullptr, &instance, error, sizeof error), BOPP_INVALID_CONFIG);
  EXPECT_NE(std::string(error).find("'dim'"), std::string::npos) << error;
  EXPECT_EQ(instance, nullptr);
}

// c_grid with two levels per dimension on c_quadratic in two dimensions, both created through
// their tables and destroyed with the fixture.
class GridOnQuadratic : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(objective.create("dim = 2", 1, nullptr, &o, error, sizeof error), BOPP_OK) << error;
    ASSERT_EQ(grid.create(objective.problem(o), "levels = 2", 1, nullptr, &a, error, sizeof error),
              BOPP_OK)
        << error;
  }
  void TearDown() override {
    if (a != nullptr) grid.destroy(a);
    if (o != nullptr) objective.destroy(o);
  }

  const bopp_objective_class& objective = *c_manifest().objectives[0];
  const bopp_algorithm_class& grid = *c_manifest().algorithms[0];
  void* o = nullptr;
  void* a = nullptr;
  char error[256] = "";
};

TEST_F(GridOnQuadratic, AsksCellCentresAndRecommendsTheBestTold) {
  std::vector<double> X(8);
  std::uint64_t count = 0;
  ASSERT_EQ(grid.ask(a, 4, X.data(), &count, error, sizeof error), BOPP_OK) << error;
  ASSERT_EQ(count, 4u);
  EXPECT_EQ(X, (std::vector<double>{0.25, 0.25, 0.75, 0.25, 0.25, 0.75, 0.75, 0.75}));

  // Maximization convention; the failed point's value must be ignored.
  const double y[4] = {-1.0, 5.0, -0.5, -2.0};
  const std::int32_t status[4] = {BOPP_OK, BOPP_EVAL_FAILED, BOPP_OK, BOPP_OK};
  ASSERT_EQ(grid.tell(a, X.data(), 4, y, status, error, sizeof error), BOPP_OK) << error;
  double best[2];
  ASSERT_EQ(grid.recommend(a, best, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(best[0], 0.25);
  EXPECT_EQ(best[1], 0.75);
}

// The extension's id and struct are what a plugin built before bopp/ext/ existed answers to:
// the literal id, and a struct of one uint32_t.
TEST_F(GridOnQuadratic, GridOffersPendingAsksAndTheObjectiveNoExtension) {
  const auto* pending =
      static_cast<const bopp_pending_asks*>(grid.get_extension(a, "bopp.pending_asks/1"));
  ASSERT_NE(pending, nullptr);
  EXPECT_EQ(pending->struct_size, sizeof(std::uint32_t));
  EXPECT_EQ(grid.get_extension(a, "bopp.pending_asks/2"), nullptr);
  EXPECT_EQ(grid.get_extension(a, "bopp.no_such_extension/1"), nullptr);
  EXPECT_EQ(objective.get_extension(o, BOPP_EXTENSION_PENDING_ASKS), nullptr);
}

}  // namespace
