// The synthetic library declares the right problems and schemas, and rejects bad
// configurations with BOPP_INVALID_CONFIG.
#include "synthetic_module.hpp"
#include "synthetic_reference.hpp"

#include <gtest/gtest.h>

#include <set>

namespace synthetic_test {
namespace {

TEST(SyntheticLibrary, ManifestListsTheFourteenFunctions) {
  const bopp_manifest& m = manifest();
  EXPECT_EQ(m.abi_major, static_cast<std::uint32_t>(BOPP_ABI_MAJOR));
  EXPECT_STREQ(m.library_name, "synthetic");
  EXPECT_EQ(m.algorithm_count, 0u);
  std::set<std::string> listed;
  for (std::uint32_t i = 0; i < m.objective_count; ++i) {
    listed.insert(m.objectives[i]->name);
    EXPECT_STRNE(m.objectives[i]->summary, "");
    EXPECT_STRNE(m.objectives[i]->version, "");
  }
  std::set<std::string> expected;
  for (const Reference& r : references()) expected.insert(r.name);
  EXPECT_EQ(listed, expected);
  EXPECT_EQ(m.objective_count, expected.size());
}

TEST(SyntheticLibrary, SchemaHasDimOnlyWhereTheDimensionIsFree) {
  for (const Reference& r : references()) {
    SCOPED_TRACE(r.name);
    const bopp_objective_class& c = objective_class(r.name);
    const bopp_param* dim = nullptr;
    const bopp_param* noise = nullptr;
    for (std::uint32_t i = 0; i < c.param_count; ++i) {
      const std::string key = c.params[i]->name;
      if (key == "dim")
        dim = c.params[i];
      else if (key == "noise_std")
        noise = c.params[i];
      else
        ADD_FAILURE() << "unexpected key " << key;
    }
    ASSERT_NE(noise, nullptr);
    EXPECT_EQ(noise->type, BOPP_PARAM_REAL);
    EXPECT_EQ(std::stod(noise->default_value), 0.0);
    EXPECT_EQ(noise->minimum, 0.0);
    ASSERT_EQ(dim != nullptr, r.has_dim_key);
    if (dim != nullptr) {
      EXPECT_EQ(dim->type, BOPP_PARAM_INT);
      EXPECT_EQ(std::string(dim->default_value), std::to_string(r.default_dim));
    }
  }
}

void expect_problem(const Reference& r, const bopp_problem& p, int dim) {
  ASSERT_EQ(p.dim, static_cast<std::uint32_t>(dim));
  EXPECT_GE(p.struct_size, sizeof(bopp_problem));
  for (std::size_t i = 0; i < p.dim; ++i) {
    EXPECT_EQ(p.lower[i], r.bounds(i).lower) << "coordinate " << i;
    EXPECT_EQ(p.upper[i], r.bounds(i).upper) << "coordinate " << i;
  }
  EXPECT_EQ(p.kinds, nullptr);
  EXPECT_EQ(p.sense, BOPP_MINIMIZE);
  EXPECT_EQ(p.has_optimum != 0, r.minimum(dim).has_value());
  EXPECT_EQ(p.noise_std, 0.0);
  EXPECT_EQ(p.candidate_count, 0u);
  EXPECT_EQ(p.candidates, nullptr);
  EXPECT_NE(p.thread_safe, 0);
}

TEST(SyntheticLibrary, DeclaresStandardDomainMinimizedWithDefaultDimension) {
  for (const Reference& r : references()) {
    SCOPED_TRACE(r.name);
    const Objective objective(r.name, "");
    expect_problem(r, objective.problem(), r.default_dim);
  }
}

TEST(SyntheticLibrary, DeclaresTheConfiguredDimension) {
  for (const Reference& r : references()) {
    if (!r.has_dim_key) continue;
    for (int dim : r.dims) {
      SCOPED_TRACE(r.name + " dim " + std::to_string(dim));
      const Objective objective(r.name, "dim = " + std::to_string(dim));
      expect_problem(r, objective.problem(), dim);
    }
  }
}

void expect_rejected(const std::string& name, const std::string& config,
                     const std::string& message_part) {
  const Creation created = try_create(name, config);
  EXPECT_EQ(created.status, BOPP_INVALID_CONFIG) << name << " {" << config << "}";
  EXPECT_NE(created.error.find(message_part), std::string::npos)
      << name << " {" << config << "}: " << created.error;
}

TEST(SyntheticLibrary, RejectsBadConfigurationAsInvalidConfig) {
  for (const Reference& r : references()) {
    if (r.has_dim_key) {
      expect_rejected(r.name, "dim = 0", "'dim'");
      expect_rejected(r.name, "dim = 2.5", "'dim'");
    } else {
      expect_rejected(r.name, "dim = " + std::to_string(r.default_dim), "unknown key 'dim'");
    }
    expect_rejected(r.name, "dimension = 2", "unknown key 'dimension'");
    expect_rejected(r.name, "noise_std = -0.1", "'noise_std'");
  }
  expect_rejected("powell", "dim = 3", "'dim'");
  expect_rejected("rosenbrock", "dim = 1", "'dim'");
  EXPECT_EQ(try_create("powell", "dim = 8").status, BOPP_OK);
  EXPECT_EQ(try_create("powell", "dim = 50").status, BOPP_OK);
}

}  // namespace
}  // namespace synthetic_test
