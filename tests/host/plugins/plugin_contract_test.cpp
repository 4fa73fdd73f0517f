// Plugins that break the contract of abi.h in ways only a raw C library can: each is one line
// naming the library and the class, never a crash or a read past a buffer.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/kit/message_text.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace bopp::host {
namespace {

using test::test_plugin_dir;

const BrokenLibrary* broken_named(const PluginRegistry& registry, const std::string& file) {
  for (const auto& b : registry.broken())
    if (b.path.filename() == file) return &b;
  return nullptr;
}

TEST(PluginContract, NullBoundsAreAnErrorNamingTheObjectiveAndLibrary) {
  const PluginRegistry registry({test_plugin_dir("contract-raw")});
  const HostServices services("test", nullptr, nullptr, 1);
  try {
    Objective objective(registry.objective("null_bounds_objective"), "", 0, services);
    FAIL() << "accepted a problem without bounds";
  } catch (const PluginMisbehaving& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("null_bounds_objective"), std::string::npos) << message;
    EXPECT_NE(message.find("libbopp-contract_raw.so"), std::string::npos) << message;
    EXPECT_NE(message.find("NULL"), std::string::npos) << message;
  }
}

// A forgotten struct_size is named as such, with the fix, not reported as whatever field
// reads as zero first ("no name", "dimension 0").
TEST(PluginContract, AForgottenStructSizeIsNamedWithItsFix) {
  const std::pair<const char*, const char*> cases[] = {
      {"unsized-manifest", "bopp_manifest.struct_size is 0, expected at least "},
      {"unsized-class", "objective 1 of 1: bopp_objective_class.struct_size is 0, expected at "},
      {"unsized-param", "objective 'forgetful_objective' parameter 1: bopp_param.struct_size is 0"},
  };
  for (const auto& [folder, expected] : cases) {
    const PluginRegistry registry({test_plugin_dir(folder)});
    ASSERT_EQ(registry.broken().size(), 1u) << folder;
    const std::string reason = registry.broken().front().reason;
    EXPECT_NE(reason.find(expected), std::string::npos) << reason;
    EXPECT_NE(reason.find("from bopp/abi.h"), std::string::npos) << reason;
    EXPECT_EQ(reason.find('\n'), std::string::npos) << reason;
  }
  const PluginRegistry registry({test_plugin_dir("contract-raw")});
  const HostServices services("test", nullptr, nullptr, 1);
  try {
    Objective objective(registry.objective("unsized_problem_objective"), "", 0, services);
    FAIL() << "accepted a problem without a struct_size";
  } catch (const PluginMisbehaving& e) {
    EXPECT_NE(std::string(e.what()).find("unsized_problem_objective"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("bopp_problem.struct_size is 0"), std::string::npos)
        << e.what();
  }
}

TEST(PluginContract, AMissingFunctionIsNamed) {
  const PluginRegistry registry({test_plugin_dir("missing-functions")});
  EXPECT_EQ(registry.find_algorithm("forgetful_algorithm"), nullptr);
  ASSERT_EQ(registry.broken().size(), 1u);
  const std::string reason = registry.broken().front().reason;
  EXPECT_NE(reason.find("algorithm 'forgetful_algorithm' lacks the required functions tell, "
                        "recommend (NULL in its bopp_algorithm_class)"),
            std::string::npos)
      << reason;
}

TEST(PluginContract, AnUnterminatedErrorBufferIsReadOnlyToItsCapacity) {
  const PluginRegistry registry({test_plugin_dir("contract-raw")});
  const HostServices services("test", nullptr, nullptr, 1);
  Objective objective(registry.objective("unterminated_error_objective"), "", 0, services);
  const double x = 0.5;
  const Evaluation e = objective.evaluate({&x, 1}, 0);
  EXPECT_FALSE(e.ok);
  // The plugin filled all the buffer's bytes with 'x' and no NUL: the host keeps all but the
  // last, where the terminator belongs, and reads nothing beyond.
  EXPECT_EQ(e.message.find_first_not_of('x'), std::string::npos);
  EXPECT_EQ(e.message.size(), 1023u);
}

TEST(PluginContract, ADefaultThatIsNotTomlRefusesTheLibraryInOneLine) {
  const PluginRegistry registry({test_plugin_dir("bad-default")});
  EXPECT_EQ(registry.find_objective("bad_schema_objective"), nullptr);
  const BrokenLibrary* b = broken_named(registry, "libbopp-bad_default.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("libbopp-bad_default.so"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("bad_schema_objective"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("'lr'"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("0.25.5"), std::string::npos) << b->reason;
  EXPECT_EQ(b->reason.find('\n'), std::string::npos) << b->reason;
}

TEST(PluginContract, DuplicateParameterNamesRefuseTheLibrary) {
  const PluginRegistry registry({test_plugin_dir("duplicate-param")});
  EXPECT_EQ(registry.find_objective("bad_schema_objective"), nullptr);
  const BrokenLibrary* b = broken_named(registry, "libbopp-duplicate_param.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("bad_schema_objective"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("parameter 'lr' twice"), std::string::npos) << b->reason;
}

TEST(PluginContract, ANameClashRefusesOnlyTheClashingClass) {
  const PluginRegistry registry({test_plugin_dir("duplicate")});
  EXPECT_EQ(registry.objective("dup_objective").library->name(), "dup_a");
  const ObjectiveEntry* own = registry.find_objective("only_in_dup_b");
  ASSERT_NE(own, nullptr);
  EXPECT_EQ(own->library->name(), "dup_b");
  const BrokenLibrary* b = broken_named(registry, "libbopp-dup_b.so");
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("'dup_objective'"), std::string::npos) << b->reason;
}

TEST(PluginContract, APathThatIsNotUtf8IsRefusedInOneLine) {
  // Run records keep library paths as JSON text, which must be UTF-8.
  const auto folder = test::fresh_folder("plugins") / "bad\xff";
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file(test_plugin_dir("contract-raw") / "libbopp-contract_raw.so",
                             folder / "libbopp-contract_raw.so");
  const PluginRegistry registry({folder}, PluginTrust::any);
  EXPECT_EQ(registry.find_objective("aborting_objective"), nullptr);
  ASSERT_EQ(registry.broken().size(), 1u);
  const std::string& reason = registry.broken()[0].reason;
  EXPECT_NE(reason.find("bad\\xFF/libbopp-contract_raw.so"), std::string::npos) << reason;
  EXPECT_NE(reason.find("not valid UTF-8"), std::string::npos) << reason;
  EXPECT_TRUE(is_valid_utf8(reason));
}

TEST(PluginContract, AnUnknownNameIsEchoedCapped) {
  const PluginRegistry registry({test_plugin_dir("duplicate")});
  const std::string huge(1 << 20, 'q');
  try {
    registry.objective(huge);
    FAIL();
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_LT(message.size(), 1000u);
    EXPECT_NE(message.find("qqq..."), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace bopp::host
