// The host's parsers fuzzed: each target's seed corpus (tests/fuzz/corpus/<target>/) and then
// seeded mutations of it (docs/fuzzing.md). A host::Error is the expected rejection; any other
// exception, a sanitizer report or a hang is a failure that prints the input and the seed.
#include "fuzz_campaign.hpp"
#include "fuzz_targets.hpp"

#include <gtest/gtest.h>

namespace bopp::fuzz {
namespace {

void run_target(const std::string& target, Entry entry) {
  const std::vector<std::string> corpus = read_corpus(BOPP_FUZZ_CORPUS_DIR "/" + target);
  ASSERT_FALSE(corpus.empty()) << "no seed corpus for " << target;
  const CampaignSettings settings = settings_from_environment();
  prepare_targets();
  const CampaignResult result = run_campaign(target, entry, corpus, settings);
  EXPECT_EQ(result.inputs, corpus.size() + settings.mutations);
  for (const std::string& failure : result.failures) ADD_FAILURE() << target << ": " << failure;
  std::cout << "fuzz: " << target << ": " << result.inputs << " inputs, " << result.rejected
            << " rejected with host::Error, " << result.failures.size() << " failures\n";
}

TEST(Fuzz, ExperimentFiles) { run_target("experiment", fuzz_experiment); }
TEST(Fuzz, SetOptions) { run_target("set_option", fuzz_set_option); }
TEST(Fuzz, BenchGrids) { run_target("bench_grid", fuzz_bench_grid); }
TEST(Fuzz, PointsFiles) { run_target("points", fuzz_points); }
TEST(Fuzz, RunRecords) { run_target("run_record", fuzz_run_record); }
TEST(Fuzz, CommandOutput) { run_target("command_output", fuzz_command_output); }
TEST(Fuzz, SavedOptimizers) { run_target("saved_optimizer", fuzz_saved_optimizer); }

}  // namespace
}  // namespace bopp::fuzz
