// `bopp check LIBRARY.so`, run as a plugin author runs it.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

Outcome check(const fs::path& library, const std::vector<std::string>& options = {}) {
  std::vector<std::string> args = {"check", library.string()};
  args.insert(args.end(), options.begin(), options.end());
  return run_bopp(args, {});
}

fs::path test_library(const std::string& folder, const std::string& file) {
  return test_plugin_dir(folder) / file;
}

// The line reporting `check` of `subject` ("" when there is none).
std::string line_of(const std::string& out, const std::string& check, const std::string& subject) {
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string status, name, who;
    words >> status >> name >> who;
    if (name == check && (who == subject || who == subject + ":")) return line;
  }
  return "";
}

// Expects `check` of `subject` FAILED with `message_part` in its message.
void expect_failed(const Outcome& o, const std::string& check, const std::string& subject,
                   const std::string& message_part) {
  const std::string line = line_of(o.out, check, subject);
  ASSERT_FALSE(line.empty()) << "no " << check << " line for " << subject << " in:\n" << o.out;
  EXPECT_EQ(line.rfind("FAILED", 0), 0u) << line;
  EXPECT_NE(line.find(message_part), std::string::npos) << line;
}

TEST(Check, PassesEveryShippedPluginLibrary) {
  std::vector<fs::path> libraries;
  for (const auto& file : fs::directory_iterator(plugin_dir())) {
    if (file.path().extension() == ".so") libraries.push_back(file.path());
  }
  ASSERT_GE(libraries.size(), 9u) << "expected the shipped plugins in " << plugin_dir();
  for (const fs::path& library : libraries) {
    const Outcome o = check(library);
    EXPECT_EQ(o.exit_code, 0) << library << "\n" << o.out << o.err;
    EXPECT_EQ(o.out.find("FAILED"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("every check passed"), std::string::npos) << o.out;
  }
}

TEST(Check, ExercisesEveryClassOfALibrary) {
  const Outcome o = check(plugin_dir() / "libbopp-random.so");
  for (const char* name :
       {"loads", "exports", "manifest", "struct-sizes", "defaults", "create-destroy",
        "problem-shapes", "ask-in-bounds", "tell-failed-points", "recommend-in-bounds",
        "reproducible", "state-round-trip"}) {
    const std::string line =
        line_of(o.out, name,
                name == std::string("loads") || name == std::string("exports") ||
                        name == std::string("manifest") || name == std::string("struct-sizes")
                    ? "libbopp-random.so"
                    : "random");
    EXPECT_EQ(line.rfind("ok", 0), 0u) << name << " in:\n" << o.out;
  }
  const Outcome objective = check(plugin_dir() / "libbopp-synthetic.so");
  for (const char* name :
       {"create", "problem", "evaluates", "grouping", "seed-repeatable", "thread-safe"}) {
    EXPECT_EQ(line_of(objective.out, name, "branin").rfind("ok", 0), 0u) << name << " in:\n"
                                                                         << objective.out;
  }
}

// bbkb's methods need a finite candidate set and refuse every box at create: they are checked
// on the candidate set alone, and the note says which shapes were left out.
TEST(Check, AnAlgorithmThatNeedsCandidatesIsCheckedOnThem) {
  const Outcome o = check(plugin_dir() / "libbopp-bbkb.so");
  EXPECT_EQ(o.exit_code, 0) << o.out << o.err;
  const std::string shapes = line_of(o.out, "problem-shapes", "bbkb");
  EXPECT_EQ(shapes.rfind("ok", 0), 0u) << o.out;
  EXPECT_NE(shapes.find("2-D box"), std::string::npos) << shapes;
  EXPECT_EQ(shapes.find("finite candidate set:"), std::string::npos) << shapes;  // not refused
  EXPECT_EQ(line_of(o.out, "reproducible", "bbkb").rfind("ok", 0), 0u) << o.out;
}

TEST(Check, JsonIsOneObjectPerCheck) {
  const Outcome o = check(plugin_dir() / "libbopp-random.so", {"--json"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const nlohmann::json results = nlohmann::json::parse(o.out);
  ASSERT_TRUE(results.is_array());
  ASSERT_GE(results.size(), 10u);
  for (const auto& r : results) {
    EXPECT_TRUE(r.at("class").is_string());
    EXPECT_TRUE(r.at("check").is_string());
    EXPECT_TRUE(r.at("passed").get<bool>()) << r.dump();
    EXPECT_TRUE(r.at("message").is_string());
  }

  const Outcome bad =
      check(test_library("misbehaving-raw", "libbopp-misbehaving_raw.so"), {"--json"});
  EXPECT_EQ(bad.exit_code, 1);
  bool found = false;
  for (const auto& r : nlohmann::json::parse(bad.out)) {
    if (r.at("class") == "too_many_points_algorithm" && r.at("check") == "ask-in-bounds") {
      found = true;
      EXPECT_FALSE(r.at("passed").get<bool>());
      EXPECT_NE(r.at("message").get<std::string>().find("expected 1..1"), std::string::npos);
    }
  }
  EXPECT_TRUE(found) << bad.out;
}

TEST(Check, FailsLibrariesTheLoaderRefuses) {
  struct Case {
    const char* folder;
    const char* file;
    const char* check;
    const char* message;
  };
  for (const Case& c : {
           Case{"not-a-library", "libbopp-garbage.so", "loads", "cannot load plugin library"},
           Case{"no-entry", "libbopp-no_entry.so", "exports", "no entry symbol"},
           Case{"other-major", "libbopp-other_major.so", "manifest", "built for bopp ABI 2."},
           Case{"bad-default", "libbopp-bad_default.so", "manifest", "which is not a TOML value"},
           Case{"duplicate-param", "libbopp-duplicate_param.so", "manifest",
                "declares parameter 'lr' twice"},
           Case{"missing-functions", "libbopp-missing_functions.so", "manifest",
                "lacks the required functions tell, recommend"},
           Case{"unsized-manifest", "libbopp-unsized_manifest.so", "struct-sizes",
                "bopp_manifest.struct_size is 0"},
           Case{"unsized-class", "libbopp-unsized_class.so", "struct-sizes",
                "bopp_objective_class.struct_size is 0"},
           Case{"unsized-param", "libbopp-unsized_param.so", "struct-sizes",
                "bopp_param.struct_size is 0"},
           Case{"huge-count", "libbopp-huge_count.so", "manifest",
                "declares 4000000000 objectives (at most 100000"},
       }) {
    SCOPED_TRACE(c.folder);
    const Outcome o = check(test_library(c.folder, c.file));
    EXPECT_EQ(o.exit_code, 1) << o.out << o.err;
    expect_failed(o, c.check, c.file, c.message);
  }
}

TEST(Check, FailsALibraryOthersCouldHaveChanged) {
  const fs::path folder = fresh_folder("insecure");
  const fs::path copy = folder / "libbopp-random.so";
  fs::copy_file(plugin_dir() / "libbopp-random.so", copy);
  fs::permissions(copy, fs::perms::others_write, fs::perm_options::add);
  const Outcome o = check(copy);
  EXPECT_EQ(o.exit_code, 1);
  expect_failed(o, "loads", "libbopp-random.so", "writable");
  EXPECT_EQ(check(copy, {"--allow-insecure-plugins"}).exit_code, 0);
}

// A dependency the loader finds through the plugin's RUNPATH runs its code at load: a RUNPATH
// folder others can write to (or make) is refused like a plugin folder they can write to.
TEST(Check, FailsALibraryWhoseRunpathOthersCanWrite) {
  const fs::path library = test_library("runpath", "libbopp-runpath.so");
  const fs::path deps = test_plugin_dir("runpath-deps");
  fs::remove_all(deps);
  fs::create_directories(deps);
  fs::permissions(deps, fs::perms::all);  // 0777, not sticky
  const Outcome open = check(library);
  EXPECT_EQ(open.exit_code, 1) << open.out << open.err;
  expect_failed(open, "loads", "libbopp-runpath.so",
                "where the loader looks for its dependencies (its RUNPATH) is writable by others");
  fs::permissions(deps, fs::perms::others_write | fs::perms::group_write, fs::perm_options::remove);
  const Outcome safe = check(library);
  EXPECT_EQ(line_of(safe.out, "loads", "libbopp-runpath.so").rfind("ok", 0), 0u) << safe.out;
}

TEST(Check, FailsEachMisbehavingClassWithItsCheck) {
  const Outcome o = check(test_library("misbehaving", "libbopp-misbehaving.so"));
  EXPECT_EQ(o.exit_code, 1) << o.err;
  expect_failed(o, "ask-in-bounds", "throwing_algorithm", "failed in ask: ask failed on purpose");
  expect_failed(o, "ask-in-bounds", "out_of_bounds_algorithm",
                "asked a point outside the bounds: x[0]");
  expect_failed(o, "recommend-in-bounds", "bad_recommend_algorithm",
                "failed in recommend: recommend failed on purpose");
  expect_failed(o, "reproducible", "unseeded_algorithm", "asked different points in round 1");
  expect_failed(o, "state-round-trip", "forgetful_algorithm",
                "saved after 1 round of 4 points and restored, ask 1 differs at row 0, column 0: ");
  expect_failed(o, "evaluates", "throwing_objective", "failed as declared: boom at x0 > 0.5");
  expect_failed(o, "evaluates", "nan_objective", "misbehaved: the objective returned NaN");
  expect_failed(o, "grouping", "batch_size_objective",
                "one call per point gave 1.5, one call for all points gave 8.5");
  expect_failed(o, "seed-repeatable", "counting_objective", "the second with its seed gave");
  expect_failed(o, "thread-safe", "thread_bound_objective",
                "serial evaluation gave 0.5, concurrent evaluation on one instance gave 1.5");
  // The well-behaved classes of the same library pass.
  EXPECT_EQ(line_of(o.out, "evaluates", "mixed_objective").rfind("ok", 0), 0u) << o.out;
  EXPECT_EQ(line_of(o.out, "reproducible", "logging_algorithm").rfind("ok", 0), 0u) << o.out;
  // A class without the state extension is told so, not failed.
  const std::string stateless = line_of(o.out, "state-round-trip", "logging_algorithm");
  EXPECT_EQ(stateless.rfind("ok", 0), 0u) << o.out;
  EXPECT_NE(stateless.find("not offered"), std::string::npos) << stateless;

  const Outcome raw = check(test_library("misbehaving-raw", "libbopp-misbehaving_raw.so"));
  EXPECT_EQ(raw.exit_code, 1);
  expect_failed(raw, "ask-in-bounds", "too_many_points_algorithm",
                "returned 2 points from ask(1); expected 1..1");
}

TEST(Check, PassesAClassWithARequiredKeyWithoutExercisingIt) {
  const Outcome o = check(test_library("misbehaving", "libbopp-misbehaving.so"));
  const std::string line = line_of(o.out, "defaults", "required_key_objective");
  EXPECT_EQ(line.rfind("ok", 0), 0u) << o.out;
  EXPECT_NE(line.find("missing required key 'scale'"), std::string::npos) << line;
  EXPECT_EQ(line_of(o.out, "create", "required_key_objective"), "") << o.out;
}

TEST(Check, ReportsTheLinesBeforeAPluginCrashesIt) {
  // contract_raw's aborting_objective aborts the process when evaluated at x > 0.75: the
  // checker dies with it, after the lines of the classes before.
  const Outcome o = check(test_library("contract-raw", "libbopp-contract_raw.so"));
  EXPECT_FALSE(o.exited && o.exit_code == 0);
  expect_failed(o, "problem", "null_bounds_objective", "NULL bounds");
  expect_failed(o, "evaluates", "unterminated_error_objective", "xxxx");
}

TEST(Check, WantsOneLibrary) {
  EXPECT_EQ(run_bopp({"check"}, {}).exit_code, 2);
  const Outcome help = run_bopp({"--help"}, {});
  EXPECT_NE(help.out.find("check LIBRARY.so [--set S.K=V]... [--json]"), std::string::npos)
      << help.out;
}

// One element past the end of y and status: the guards after them change, and every call
// fails, the evaluates line naming the plugin and both buffers.
TEST(Check, FailsAWritePastTheEndOfAnOutputBuffer) {
  const Outcome o = check(test_library("overflowing", "libbopp-overflowing.so"));
  EXPECT_EQ(o.exit_code, 1) << o.out << o.err;
  expect_failed(o, "evaluates", "overflowing_objective",
                "misbehaved: plugin misbehaving: objective 'overflowing_objective' "
                "(libbopp-overflowing.so) wrote past the end of y and status");
}

// Every failing point is listed, each told apart: failed as declared, or misbehaved.
TEST(Check, ReportsEveryFailingPointAndHowItFailed) {
  const Outcome o = check(test_library("misbehaving", "libbopp-misbehaving.so"));
  const std::string throwing = line_of(o.out, "evaluates", "throwing_objective");
  EXPECT_NE(throwing.find("points of its domain failed"), std::string::npos) << throwing;
  // The upper corner and the uniform points with x0 > 0.5: more than one point.
  EXPECT_NE(throwing.find("point 2 "), std::string::npos) << throwing;
  EXPECT_NE(throwing.find("failed as declared", throwing.find("failed as declared") + 1),
            std::string::npos)
      << throwing;
  EXPECT_EQ(throwing.find("misbehaved"), std::string::npos) << throwing;
  const std::string nan = line_of(o.out, "evaluates", "nan_objective");
  EXPECT_NE(nan.find("misbehaved: the objective returned NaN"), std::string::npos) << nan;
}

// An objective that fails by design at a corner passes once configured with --set, in run's
// syntax: section-wide or for one class.
TEST(Check, ConfiguresClassesWithSet) {
  const fs::path library = test_library("misbehaving", "libbopp-misbehaving.so");
  const Outcome unset = check(library);
  expect_failed(unset, "evaluates", "corner_objective",
                "failed as declared: infeasible at the upper corner");
  for (const char* option :
       {"objective.fail_at_corner=false", "objective.corner_objective.fail_at_corner=false"}) {
    SCOPED_TRACE(option);
    const Outcome o = check(library, {"--set", option});
    EXPECT_EQ(line_of(o.out, "evaluates", "corner_objective").rfind("ok", 0), 0u) << o.out;
    const std::string defaults = line_of(o.out, "defaults", "corner_objective");
    EXPECT_NE(defaults.find("with --set fail_at_corner"), std::string::npos) << defaults;
  }
  // A required key given with --set: the class is exercised.
  const Outcome required = check(library, {"--set", "objective.required_key_objective.scale=2"});
  EXPECT_EQ(line_of(required.out, "evaluates", "required_key_objective").rfind("ok", 0), 0u)
      << required.out;
}

TEST(Check, RefusesABadSetAsRunDoes) {
  const fs::path library = test_library("misbehaving", "libbopp-misbehaving.so");
  struct Case {
    const char* option;
    const char* message;
  };
  for (const Case& c : {
           Case{"fail_at_corner=false", "expected section.key=value"},
           Case{"run.seed=3", "unknown section 'run'"},
           Case{"objective.no_such_key=1",
                "no objective of libbopp-misbehaving.so declares the "
                "key 'no_such_key'"},
           Case{"objective.corner_objectiv.fail_at_corner=false",
                "has no objective 'corner_objectiv' (did you mean 'corner_objective'?)"},
           Case{"objective.corner_objective.fail_at_corner=3",
                "--set 'objective.corner_objective.fail_at_corner=3': "},
           Case{"algorithm.bad_recommend_algorithm.recommend=bogus",
                "--set 'algorithm.bad_recommend_algorithm.recommend=bogus': "},
       }) {
    SCOPED_TRACE(c.option);
    const Outcome o = check(library, {"--set", c.option});
    EXPECT_EQ(o.exit_code, 2) << o.out << o.err;
    EXPECT_NE(o.err.find(c.message), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << o.err;  // one line
  }
}

// An out-of-box ask that shows only after several rounds, failed points among the tells, is
// ask-in-bounds's failure; tell-failed-points passes with a note.
TEST(Check, ReportsALateOutOfBoxAskUnderAskInBounds) {
  const Outcome o = check(test_library("misbehaving", "libbopp-misbehaving.so"));
  expect_failed(o, "ask-in-bounds", "late_out_of_bounds_algorithm",
                "asked a point outside the bounds: x[0]");
  const std::string tell = line_of(o.out, "tell-failed-points", "late_out_of_bounds_algorithm");
  EXPECT_EQ(tell.rfind("ok", 0), 0u) << o.out;
  EXPECT_NE(tell.find("see ask-in-bounds"), std::string::npos) << tell;
}

// Lengths and sizes inside plugins have physical ranges: a value past them is refused naming
// its key, never a bare std::bad_alloc nor NaN at every evaluation.
TEST(Check, RefusesPluginLengthsAndSizesOutsideTheirRangesNamingTheKey) {
  struct Case {
    const char* library;
    const char* option;
    const char* key;
  };
  for (const Case& c : {
           Case{"libbopp-gpsample.so", "objective.gpsample.lengthscale=1e-320", "'lengthscale'"},
           Case{"libbopp-gpsample.so", "objective.gpsample.dim=10000000", "'dim'"},
           Case{"libbopp-gpbo.so", "algorithm.gpbo.initial_points=1000000000000000000",
                "'initial_points'"},
       }) {
    SCOPED_TRACE(c.option);
    const Outcome o = check(plugin_dir() / c.library, {"--set", c.option});
    EXPECT_EQ(o.exit_code, 2) << o.out << o.err;
    EXPECT_NE(o.err.find(std::string("--set '") + c.option + "': "), std::string::npos) << o.err;
    EXPECT_NE(o.err.find(c.key), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find("bad_alloc"), std::string::npos) << o.err;
  }
  // The GP algorithms' lengthscale: 0 picks the rule, so the schema lets 1e-320 through and
  // create refuses it, naming the key.
  const Outcome minucb =
      check(plugin_dir() / "libbopp-minucb.so", {"--set", "algorithm.lengthscale=1e-320"});
  EXPECT_EQ(minucb.exit_code, 1) << minucb.out << minucb.err;
  expect_failed(minucb, "create-destroy", "minucb",
                "key 'lengthscale' must be 0 (the rule) or at least 1e-12");
  const Outcome bbkb =
      check(plugin_dir() / "libbopp-bbkb.so", {"--set", "algorithm.bbkb.bandwidth=1e-320"});
  EXPECT_EQ(bbkb.exit_code, 1) << bbkb.out << bbkb.err;
  expect_failed(bbkb, "create-destroy", "bbkb", "key 'bandwidth' of algorithm 'bbkb' must be 0");
}

}  // namespace
}  // namespace bopp::test
