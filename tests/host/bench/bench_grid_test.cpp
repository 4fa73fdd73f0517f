// Grid files: the product they describe and the one-line errors their mistakes give.
#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/common/errors.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

namespace bopp::test {
namespace {

const host::PluginRegistry& registry() {
  static const host::PluginRegistry r({plugin_dir(), test_plugin_dir("misbehaving")});
  return r;
}

std::string error_of(const std::string& text) {
  try {
    host::BenchGrid::parse(text, "grid.toml", registry());
  } catch (const host::Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(BenchGrid, ExpandsVariantsSeedsAndBatchesIntoDeterministicFolders) {
  const host::BenchGrid grid = host::BenchGrid::parse(R"(
[bench]
seeds = [4, 7]
budget = 12
batch = [1, 3]
[[algorithm]]
name = "random"
label = "rs"
[algorithm.vary]
design = ["uniform", "sobol"]
[[objective]]
name = "branin"
[[objective]]
name = "sphere"
label = "sphere-noisy"
noise_std = 0.5
)",
                                                      "grid.toml", registry());
  ASSERT_EQ(grid.algorithms.size(), 2u);
  EXPECT_EQ(grid.algorithms[0].label, "rs-design=uniform");
  EXPECT_EQ(grid.algorithms[1].label, "rs-design=sobol");
  EXPECT_EQ(grid.algorithms[1].plugin.config["design"].value<std::string>(), "sobol");
  ASSERT_EQ(grid.objectives.size(), 2u);
  EXPECT_EQ(grid.objectives[1].plugin.config["noise_std"].value<double>(), 0.5);
  EXPECT_TRUE(grid.objectives[0].plugin.config.contains("noise_std")) << "defaults are filled in";

  const auto runs = grid.runs();
  ASSERT_EQ(runs.size(), 2u * 2u * 2u * 2u);
  EXPECT_EQ(runs[0].folder, "branin/rs-design=uniform/q1-seed4");
  EXPECT_EQ(runs[3].folder, "branin/rs-design=uniform/q3-seed7");
  EXPECT_EQ(runs.back().folder, "sphere-noisy/rs-design=sobol/q3-seed7");
  EXPECT_EQ(runs.back().experiment.budget, 12u);
  EXPECT_EQ(runs.back().experiment.batch, 3u);
  EXPECT_EQ(runs.back().experiment.seed, 7u);
  const auto single = host::BenchGrid::parse(
      "[bench]\nbatch = 2\n[[algorithm]]\nname = \"random\"\n"
      "[[objective]]\nname = \"branin\"\n",
      "g.toml", registry());
  EXPECT_EQ(single.runs()[0].folder, "branin/random/q2-seed0");
  EXPECT_EQ(single.runs()[0].experiment.budget, 100u);
}

TEST(BenchGrid, OrderSeedRunsEverythingOfOneSeedBeforeTheNext) {
  const std::string cells =
      "[[algorithm]]\nname = \"random\"\n[algorithm.vary]\ndesign = [\"uniform\", \"sobol\"]\n"
      "[[objective]]\nname = \"branin\"\n[[objective]]\nname = \"sphere\"\n";
  const auto folders = [&](const std::string& bench) {
    std::vector<std::string> out;
    for (const host::GridRun& run :
         host::BenchGrid::parse(bench + cells, "grid.toml", registry()).runs())
      out.push_back(run.folder);
    return out;
  };
  // Seeds in the order the file lists them; within a seed, the grid's own order.
  EXPECT_EQ(folders("[bench]\nseeds = [5, 2]\norder = \"seed\"\n"),
            (std::vector<std::string>{
                "branin/random-design=uniform/q1-seed5", "branin/random-design=sobol/q1-seed5",
                "sphere/random-design=uniform/q1-seed5", "sphere/random-design=sobol/q1-seed5",
                "branin/random-design=uniform/q1-seed2", "branin/random-design=sobol/q1-seed2",
                "sphere/random-design=uniform/q1-seed2", "sphere/random-design=sobol/q1-seed2"}));
  const std::vector<std::string> grid = folders("[bench]\nseeds = [5, 2]\n");
  EXPECT_EQ(grid, folders("[bench]\nseeds = [5, 2]\norder = \"grid\"\n"));
  EXPECT_EQ(grid[1], "branin/random-design=uniform/q1-seed2");
  EXPECT_EQ(error_of("[bench]\norder = \"seeds\"\n" + cells),
            "grid.toml:2: [bench] key 'order' of [bench] must be one of grid|seed, got \"seeds\"");
}

TEST(BenchGrid, RealValuesAppearInLabelsInTheirShortestForm) {
  const host::BenchGrid grid = host::BenchGrid::parse(R"(
[[algorithm]]
name = "random"
[[objective]]
name = "sphere"
[objective.vary]
noise_std = [0.2, 0.1, 1e-7]
)",
                                                      "grid.toml", registry());
  ASSERT_EQ(grid.objectives.size(), 3u);
  EXPECT_EQ(grid.objectives[0].label,
            "sphere-noise_std=0.2");  // TOML++ would write 0.20000000000000001
  EXPECT_EQ(grid.objectives[1].label, "sphere-noise_std=0.1");
  EXPECT_EQ(grid.objectives[2].label, "sphere-noise_std=1e-07");
}

TEST(BenchGrid, EvaluatorKindsComeFromTheEvaluatorTable) {
  const std::string base = "[[algorithm]]\nname = \"random\"\n[[objective]]\nname = \"branin\"\n";
  const std::string mpi = error_of("[bench]\nevaluator = \"mpi\"\n" + base);
  EXPECT_EQ(mpi.rfind("grid.toml:2: [bench] evaluator 'mpi' cannot run a grid", 0), 0u) << mpi;
  const std::string unknown = error_of("[bench]\nevaluator = \"pigeon\"\n" + base);
  EXPECT_NE(unknown.find("serial|threads|processes|mpi"), std::string::npos) << unknown;
}

TEST(BenchGrid, AnInitialDesignInBenchReachesEveryRunAndItsAlgorithm) {
  const host::BenchGrid grid = host::BenchGrid::parse(R"(
[bench]
seeds = [1, 2]
budget = 12
initial_design = { points = 5, kind = "uniform" }
[[algorithm]]
name = "random"
[[algorithm]]
name = "gpbo"
[[objective]]
name = "branin"
)",
                                                      "grid.toml", registry());
  const std::vector<host::GridRun> runs = grid.runs();
  ASSERT_EQ(runs.size(), 4u);
  for (const host::GridRun& run : runs) {
    ASSERT_TRUE(run.experiment.initial_design.has_value());
    EXPECT_EQ(run.experiment.initial_design->points, 5u);
    EXPECT_EQ(run.experiment.initial_design->kind, "uniform");
    EXPECT_EQ(run.experiment.algorithm.config["design_from_host"].value<bool>(), true);
    // The experiment a run records is the one the grid asks for: a rerun finds it complete.
    EXPECT_NE(run.experiment.to_toml()["run"]["initial_design"].as_table(), nullptr);
  }
  EXPECT_NE(error_of("[bench]\nbudget = 4\ninitial_design = { points = 5 }\n[[algorithm]]\n"
                     "name = 'random'\n[[objective]]\nname = 'branin'\n")
                .find("grid.toml:3: [bench] initial_design: points = 5 is more than the budget, 4"),
            std::string::npos);
}

TEST(BenchGrid, MistakesAreOneLineNamingTheFileLineAndKey) {
  const std::string base = "[[objective]]\nname = \"branin\"\n";
  EXPECT_EQ(error_of("[bench]\nbudgit = 3\n[[algorithm]]\nname = \"random\"\n" + base),
            "grid.toml:2: [bench] unknown key 'budgit' for [bench]; allowed keys: seeds, budget, "
            "batch, output, "
            "evaluator, workers, order, initial_design (a table) (did you mean 'budget'?)");
  // The design is read apart from the schema, and still suggested.
  EXPECT_EQ(error_of("[bench]\ninitial_desing = { points = 3 }\n[[algorithm]]\n"
                     "name = \"random\"\n" +
                     base),
            "grid.toml:2: [bench] unknown key 'initial_desing' for [bench]; allowed keys: seeds, "
            "budget, batch, output, evaluator, workers, order, initial_design (a table) (did you "
            "mean "
            "'initial_design'?)");
  EXPECT_EQ(error_of("[bench]\nseeds = [0, -1]\n[[algorithm]]\nname = \"random\"\n" + base),
            "grid.toml:2: [bench] key 'seeds' must be a non-empty list of integers >= 0 (seeds = "
            "[0, 1])");
  EXPECT_EQ(error_of("[bench]\nseeds = 3\n[[algorithm]]\nname = \"random\"\n" + base),
            "grid.toml:2: [bench] key 'seeds' must be a non-empty list of integers >= 0 (seeds = "
            "[0, 1])");
  EXPECT_EQ(error_of("[bench]\nbatch = 0\n[[algorithm]]\nname = \"random\"\n" + base),
            "grid.toml:2: [bench] key 'batch' must be an integer >= 1 or a non-empty list of "
            "integers >= 1 "
            "(batch = [1, 2])");
  EXPECT_EQ(error_of(base + "[[algorithm]]\nname = \"random\"\ndesgn = \"sobol\"\n"),
            "grid.toml:5: [[algorithm]] unknown key 'desgn' for algorithm 'random'; allowed keys: "
            "design, "
            "design_from_host (did you mean 'design'?)");
  EXPECT_EQ(
      error_of(
          base +
          "[[algorithm]]\nname = \"random\"\n[algorithm.vary]\ndesign = [\"sobol\", \"halton\"]\n"),
      "grid.toml:6: [algorithm.vary] key 'design' of algorithm 'random' must be one of "
      "uniform|sobol, got "
      "\"halton\"");
  EXPECT_NE(
      error_of(base + "[[algorithm]]\nname = \"random\"\n[algorithm.vary]\ndesing = [\"sobol\"]\n")
          .find("grid.toml:6: [algorithm.vary] unknown key 'desing'"),
      std::string::npos);
  EXPECT_EQ(error_of(base + "[[algorithm]]\nname = \"randon\"\n"),
            "grid.toml:4: [[algorithm]] unknown algorithm 'randon' (did you mean 'random'?); `bopp "
            "list` shows what "
            "is installed");
  EXPECT_NE(
      error_of(base + "[algorithm]\nname = \"random\"\n").find("must be written [[algorithm]]"),
      std::string::npos);
  EXPECT_NE(error_of(base + "[[algorithm]]\nname = \"random\"\n[[algorithm]]\nname = \"random\"\n")
                .find("label 'random' is already used"),
            std::string::npos);
  EXPECT_NE(error_of("[[algorithm]]\nname = \"random\"\n").find("missing [[objective]]"),
            std::string::npos);
  EXPECT_NE(error_of("[benchh]\n" + base).find("unknown section [benchh] (did you mean 'bench'?)"),
            std::string::npos);
}

}  // namespace
}  // namespace bopp::test
