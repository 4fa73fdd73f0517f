// [run] initial_design: every shipped algorithm starts from the same points of a run seed, the
// record marks them, a file gives them, bad settings are refused in one line, and a run cut
// inside the design resumes to the straight run.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/toml_input.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>

#include "comparable_run_json.hpp"
#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace bopp::host {
namespace {
namespace fs = std::filesystem;

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("misbehaving")});
  return r;
}

// The shipped plugins alone: what `bopp list` shows.
const PluginRegistry& shipped() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Small networks, so that the network methods' two asks after the design take little time.
const std::string kSmallNetwork =
    "width = 16\ntrain_steps = 50\nacq_random = 200\nacq_restarts = 1\n";
const std::string kSmallNetworks = "[algorithm.sto-bnts]\n" + kSmallNetwork +
                                   "[algorithm.sto-bnts-linear]\n" + kSmallNetwork +
                                   "[algorithm.deep-ensemble]\n" + kSmallNetwork;

std::string experiment_text(const std::string& algorithm, const std::string& objective,
                            const std::string& design) {
  return "[run]\nseed = 5\nbudget = 12\ninitial_design = " + design + "\n[objective]\n" +
         objective + "[algorithm]\nname = '" + algorithm + "'\n" + kSmallNetworks;
}

RunResult run(const std::string& text, const std::string& folder,
              const PluginRegistry& plugins = registry()) {
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder) / "record").string();
  e.resolve_plugins(plugins);
  return run_experiment(e, plugins, test::quiet_run_options());
}

const std::string kBranin = "name = 'branin'\n";
const std::string kGrid = "name = 'gpsample'\nkind = 'grid'\ngrid = 64\n";

TEST(InitialDesign, EveryAlgorithmStartsFromTheSameTenPoints) {
  std::vector<RecordedEvaluation> reference[2];  // branin, the grid
  for (const std::string& algorithm : shipped().algorithm_names()) {
    SCOPED_TRACE(algorithm);
    const std::string design = "{ points = 10, kind = 'sobol' }";
    // Where an algorithm needs a finite candidate set, a GP sample on a grid stands in for
    // branin.
    bool grid = false;
    RunResult r;
    try {
      r = run(experiment_text(algorithm, kBranin, design), "all-" + algorithm, shipped());
    } catch (const Error& e) {
      ASSERT_NE(std::string(e.what()).find("finite candidate set"), std::string::npos) << e.what();
      grid = true;
      r = run(experiment_text(algorithm, kGrid, design), "all-" + algorithm, shipped());
    }
    ASSERT_EQ(r.status, RunStatus::completed) << r.message;
    const auto lines = read_evaluations(r.record / "evaluations.jsonl");
    ASSERT_EQ(lines.size(), 12u);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(lines[i].design, i < 10) << i;
      EXPECT_EQ(lines[i].batch == 0, i < 10) << i;
    }
    std::vector<RecordedEvaluation>& first = reference[grid ? 1 : 0];
    if (first.empty()) {
      first.assign(lines.begin(), lines.begin() + 10);
      continue;
    }
    for (std::size_t i = 0; i < 10; ++i) {
      ASSERT_EQ(lines[i].x.size(), first[i].x.size());
      for (std::size_t k = 0; k < lines[i].x.size(); ++k)
        EXPECT_TRUE(same_bits(lines[i].x[k], first[i].x[k])) << "point " << i;
      EXPECT_TRUE(same_bits(lines[i].y, first[i].y)) << "point " << i;
      EXPECT_EQ(lines[i].seed, first[i].seed);
    }
  }
  EXPECT_FALSE(reference[0].empty());
  EXPECT_FALSE(reference[1].empty());
}

TEST(InitialDesign, TheRecordSaysWhichPointsWereTheDesign) {
  const RunResult r =
      run(experiment_text("random", kBranin, "{ points = 4, kind = 'uniform' }"), "marks");
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  const std::string text = test::read_text(r.record / "evaluations.jsonl");
  std::istringstream lines(text);
  std::string line;
  for (int i = 0; std::getline(lines, line); ++i) {
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(j.contains("design"), i < 4) << line;
    if (i < 4) {
      EXPECT_EQ(j["design"], true);
    }
  }
  std::ifstream in(r.record / "run.json");
  const nlohmann::json run_json = nlohmann::json::parse(in);
  EXPECT_EQ(run_json["initial_design"], (nlohmann::json{{"points", 4}, {"kind", "uniform"}}));
  const std::string experiment = test::read_text(r.record / "experiment.toml");
  EXPECT_NE(experiment.find("initial_design"), std::string::npos) << experiment;
  EXPECT_NE(experiment.find("design_from_host = true"), std::string::npos) << experiment;
}

TEST(InitialDesign, SeedsDrawDifferentDesignsAndKindsDiffer) {
  // The design's points, one after the other. (A Sobol design's first point is its digital
  // shift, drawn as the first uniform point is: the kinds differ from the second point on.)
  const auto first_x = [](const std::string& text, const std::string& folder) {
    const RunResult r = run(text, folder);
    EXPECT_EQ(r.status, RunStatus::completed) << r.message;
    std::vector<double> x;
    for (const RecordedEvaluation& line : read_evaluations(r.record / "evaluations.jsonl"))
      if (line.design) x.insert(x.end(), line.x.begin(), line.x.end());
    return x;
  };
  const std::string sobol = experiment_text("random", kBranin, "{ points = 3 }");
  std::string other_seed = sobol;
  other_seed.replace(other_seed.find("seed = 5"), 8, "seed = 6");
  EXPECT_NE(first_x(sobol, "s5"), first_x(other_seed, "s6"));
  EXPECT_NE(first_x(sobol, "sobol"),
            first_x(experiment_text("random", kBranin, "{ points = 3, kind = 'uniform' }"), "u"));
}

TEST(InitialDesign, AFileGivesThePointsInItsOrder) {
  const fs::path folder = test::fresh_folder("design-file");
  const fs::path file = folder / "design.csv";
  std::ofstream(file) << "x1,x2\n0.5,2.25\n-5,15\n# a comment\n10 0\n";
  const RunResult r =
      run(experiment_text("gpbo", kBranin, "{ kind = 'file', path = '" + file.string() + "' }"),
          "from-file");
  ASSERT_EQ(r.status, RunStatus::completed) << r.message;
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 12u);
  EXPECT_EQ(lines[0].x, (std::vector<double>{0.5, 2.25}));
  EXPECT_EQ(lines[1].x, (std::vector<double>{-5.0, 15.0}));
  EXPECT_EQ(lines[2].x, (std::vector<double>{10.0, 0.0}));
  EXPECT_TRUE(lines[2].design);
  EXPECT_FALSE(lines[3].design);
  // points = 2 takes the first two rows.
  const RunResult two =
      run(experiment_text("random", kBranin,
                          "{ kind = 'file', points = 2, path = '" + file.string() + "' }"),
          "from-file-2");
  ASSERT_EQ(two.status, RunStatus::completed) << two.message;
  const auto head = read_evaluations(two.record / "evaluations.jsonl");
  EXPECT_TRUE(head[1].design);
  EXPECT_FALSE(head[2].design);
}

// The message of the Error that parsing (and resolving, and starting) `design` raises.
std::string refusal(const std::string& design, const std::string& algorithm = "random") {
  try {
    run(experiment_text(algorithm, kBranin, design), "refused");
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(InitialDesign, BadSettingsAreRefusedInOneLineNamingWhatIsWrong) {
  const fs::path folder = test::fresh_folder("bad-files");
  std::ofstream(folder / "wide.csv") << "1,2,3\n";
  std::ofstream(folder / "outside.csv") << "0,0\n11,0\n";
  std::ofstream(folder / "nan.csv") << "0,0\nnan,1\n";
  std::ofstream(folder / "short.csv") << "0,0\n";
  const auto file = [&](const std::string& name) {
    return "{ kind = 'file', path = '" + (folder / name).string() + "' }";
  };
  const struct {
    std::string design;
    std::string expected;
  } cases[] = {
      {"{ points = 3, colour = 1 }", "exp.toml:4: [run] initial_design: unknown key 'colour'"},
      {"{ points = 0 }", "kind = 'sobol' needs key 'points' of at least 1"},
      {"{ kind = 'uniform' }", "kind = 'uniform' needs key 'points' of at least 1"},
      {"{ points = 13 }", "points = 13 is more than the budget, 12"},
      {"{ points = 3, kind = 'lhs' }", "key 'kind'"},
      {"{ kind = 'file' }", "kind = 'file' needs key 'path'"},
      {"{ points = 3, path = 'x.csv' }", "key 'path' applies to kind = 'file' only"},
      {"3", "[run] key 'initial_design' must be a table"},
      {file("missing.csv"), "cannot read the design file"},
      {file("wide.csv"), "expected 2 numbers (the objective's dimension), got 3"},
      {file("outside.csv"), "point 2, coordinate 1 = 11 is outside its bounds [-5, 10]"},
      {file("nan.csv"), "point 2, coordinate 1 = nan is not a finite number"},
      {"{ kind = 'file', points = 2, path = '" + (folder / "short.csv").string() + "' }",
       "points = 2, but the file holds 1 points"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.design);
    const std::string message = refusal(c.design);
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

// The key is read apart from [run]'s schema, yet a misspelling of it is suggested like any key.
TEST(InitialDesign, AMisspeltKeyIsNamedAndTheRightOneSuggested) {
  const std::string text =
      "[run]\nseed = 5\nbudget = 12\ninitial_desgn = { points = 3 }\n"
      "[objective]\nname = 'branin'\n[algorithm]\nname = 'random'\n";
  try {
    Experiment::parse(text, "exp.toml");
    FAIL() << "accepted";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("exp.toml:4: [run] unknown key 'initial_desgn'"), std::string::npos)
        << message;
    EXPECT_NE(message.find("initial_design (a table)"), std::string::npos) << message;
    EXPECT_NE(message.find("did you mean 'initial_design'?"), std::string::npos) << message;
  }
}

TEST(InitialDesign, TheHostAloneSetsDesignFromHost) {
  Experiment e = Experiment::parse(
      "[run]\nbudget = 5\n[objective]\nname = 'branin'\n[algorithm]\nname = 'gpbo'\n"
      "design_from_host = true\n",
      "exp.toml");
  try {
    e.resolve_plugins(registry());
    FAIL() << "accepted";
  } catch (const Error& ex) {
    EXPECT_NE(std::string(ex.what()).find("exp.toml:7: [algorithm] key 'design_from_host' is set "
                                          "by the host from [run] initial_design"),
              std::string::npos)
        << ex.what();
  }
}

TEST(InitialDesign, AnAlgorithmWithoutTheKeyIsRefusedByName) {
  for (const std::string& algorithm : registry().algorithm_names()) {
    const auto names = param_names(registry().algorithm(algorithm).params());
    if (std::find(names.begin(), names.end(), "design_from_host") != names.end()) continue;
    const std::string message = refusal("{ points = 3 }", algorithm);
    EXPECT_NE(message.find("algorithm '" + algorithm + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("declares no 'design_from_host' key"), std::string::npos) << message;
    return;
  }
  GTEST_SKIP() << "every algorithm found declares design_from_host";
}

// The record of `full` as a kill after `kept` evaluations leaves it.
fs::path killed_copy(const fs::path& full, std::size_t kept, const std::string& name) {
  const fs::path copy = test::fresh_folder(name) / "record";
  fs::copy(full, copy, fs::copy_options::recursive);
  const std::string all = test::read_text(full / "evaluations.jsonl");
  std::size_t end = 0;
  for (std::size_t i = 0; i < kept; ++i) end = all.find('\n', end) + 1;
  std::ofstream(copy / "evaluations.jsonl", std::ios::binary | std::ios::trunc)
      << all.substr(0, end);
  nlohmann::json run_json;
  {
    std::ifstream in(copy / "run.json");
    run_json = nlohmann::json::parse(in);
  }
  run_json["status"] = "running";
  std::ofstream(copy / "run.json", std::ios::trunc) << run_json.dump(2) << "\n";
  fs::remove(copy / "checkpoint.bin");
  return copy;
}

TEST(InitialDesign, ARunCutInsideOrAfterTheDesignResumesToTheStraightRun) {
  const std::string text =
      "[run]\nseed = 3\nbudget = 8\nbatch = 2\ninitial_design = { points = 5 }\n"
      "[objective]\nname = 'branin'\n[algorithm]\nname = 'gpbo'\n";
  const RunResult straight = run(text, "straight");
  ASSERT_EQ(straight.status, RunStatus::completed) << straight.message;
  const auto expected = read_evaluations(straight.record / "evaluations.jsonl");
  for (const std::size_t kept : {0u, 2u, 5u, 6u}) {
    SCOPED_TRACE("kept " + std::to_string(kept));
    const fs::path cut = killed_copy(straight.record, kept, "cut");
    const auto r = resume_run(cut, registry(), test::quiet_run_options());
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->status, RunStatus::completed) << r->message;
    const auto lines = read_evaluations(cut / "evaluations.jsonl");
    ASSERT_EQ(lines.size(), expected.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(lines[i].design, expected[i].design) << i;
      EXPECT_EQ(lines[i].batch, expected[i].batch) << i;
      for (std::size_t k = 0; k < lines[i].x.size(); ++k)
        EXPECT_TRUE(same_bits(lines[i].x[k], expected[i].x[k])) << i;
      EXPECT_TRUE(same_bits(lines[i].y, expected[i].y)) << i;
    }
    EXPECT_EQ(test::comparable_run_json(straight.record), test::comparable_run_json(cut));
  }
}

// A checkpoint written after the design (by a stop as the resume of a record cut there replays
// it) restores an algorithm that has had its design told: the rest equals the straight run.
TEST(InitialDesign, ACheckpointAfterTheDesignResumesToTheStraightRun) {
  for (const std::string algorithm : {"gpbo", "gibo", "la-minucb"}) {
    SCOPED_TRACE(algorithm);
    const std::string text =
        "[run]\nseed = 4\nbudget = 9\ninitial_design = { points = 5 }\n"
        "checkpoint_interval_s = 0\n[objective]\nname = 'branin'\n[algorithm]\nname = '" +
        algorithm + "'\n";
    const RunResult straight = run(text, "straight-" + algorithm);
    ASSERT_EQ(straight.status, RunStatus::completed) << straight.message;
    const fs::path stopped = killed_copy(straight.record, 5, "stopped");
    const std::atomic<bool> stop{true};
    RunOptions options = test::quiet_run_options();
    options.stop = &stop;
    const auto s = resume_run(stopped, registry(), options);
    ASSERT_TRUE(s && s->status == RunStatus::stopped);
    ASSERT_TRUE(fs::exists(stopped / "checkpoint.bin"));
    const std::string checkpoint = test::read_text(stopped / "checkpoint.bin");
    const fs::path cut = killed_copy(straight.record, 7, "cut-" + algorithm);
    std::ofstream(cut / "checkpoint.bin", std::ios::binary | std::ios::trunc) << checkpoint;
    const auto r = resume_run(cut, registry(), test::quiet_run_options());
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->status, RunStatus::completed) << r->message;
    EXPECT_EQ(r->restored_evaluations, 5u) << r->checkpoint_not_used;
    const auto expected = read_evaluations(straight.record / "evaluations.jsonl");
    const auto lines = read_evaluations(cut / "evaluations.jsonl");
    ASSERT_EQ(lines.size(), expected.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      for (std::size_t k = 0; k < lines[i].x.size(); ++k)
        EXPECT_TRUE(same_bits(lines[i].x[k], expected[i].x[k])) << i;
      EXPECT_EQ(lines[i].design, expected[i].design) << i;
    }
  }
}

}  // namespace
}  // namespace bopp::host
