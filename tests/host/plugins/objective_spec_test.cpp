// Objectives made from a spec, the value an evaluator can send to another process.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective_spec.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

const HostServices& services() {
  static const HostServices s("gpsample", nullptr, nullptr, 1);
  return s;
}

TEST(ObjectiveSpec, MakesTheInstanceItsEntryMakes) {
  const ObjectiveEntry& entry = registry().objective("gpsample");
  const ObjectiveSpec spec = ObjectiveSpec::of(entry, "dim = 3\n", 11);
  EXPECT_EQ(spec.name, "gpsample");
  EXPECT_EQ(spec.library, entry.library->path());

  const ObjectiveSpec copied = spec;  // as a worker would receive it
  const std::unique_ptr<Objective> from_spec = make_objective(copied, registry(), services());
  Objective direct(entry, "dim = 3\n", 11, services());
  const std::vector<double> x = {0.1, 0.5, 0.9};
  const Evaluation a = from_spec->evaluate(x, 7);
  const Evaluation b = direct.evaluate(x, 7);
  ASSERT_TRUE(a.ok && b.ok) << a.message << b.message;
  EXPECT_EQ(a.y, b.y);
}

TEST(ObjectiveSpec, RefusesASpecNamingAnotherLibrary) {
  ObjectiveSpec spec = ObjectiveSpec::of(registry().objective("gpsample"), "dim = 3\n", 11);
  spec.library = registry().algorithm("random").library->path();
  try {
    make_objective(spec, registry(), services());
    FAIL() << "made gpsample from the random library";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not by " + spec.library.string()), std::string::npos)
        << e.what();
  }
}

TEST(ObjectiveSpec, UnknownObjectiveIsAnError) {
  ObjectiveSpec spec = ObjectiveSpec::of(registry().objective("gpsample"), "", 0);
  spec.name = "gpsampel";
  EXPECT_THROW(make_objective(spec, registry(), services()), Error);
}

}  // namespace
}  // namespace bopp::host
