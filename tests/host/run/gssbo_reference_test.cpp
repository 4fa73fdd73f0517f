// gssbo's GP-UCB reference is gssbo itself with buffer_mode = "none": the same design, noise
// floor, fits and random streams. A run whose buffer is larger than its budget never selects,
// so its record must be the reference's, evaluation for evaluation, with either model.
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>

#include "quiet_run_options.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace bopp::host {
namespace {

const PluginRegistry& shipped() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

std::vector<RecordedEvaluation> evaluations(const std::string& settings, const std::string& name) {
  const std::string text =
      "[run]\nseed = 3\nbudget = 30\n[objective]\nname = 'branin'\n[algorithm]\nname = "
      "'gssbo'\nn_init = 10\nraw_samples = 128\noptimizer_restarts = 4\n" +
      settings;
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder("gssbo-reference-" + name) / "record").string();
  e.resolve_plugins(shipped());
  const RunResult r = run_experiment(e, shipped(), test::quiet_run_options());
  EXPECT_EQ(r.status, RunStatus::completed) << r.message;
  return read_evaluations(r.record / "evaluations.jsonl");
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(GssboReference, ABufferLargerThanTheBudgetRecordsWhatTheReferenceRecords) {
  const std::vector<RecordedEvaluation> reference = evaluations("buffer_mode = 'none'\n", "none");
  ASSERT_EQ(reference.size(), 30u);
  for (const std::string model : {"subset", "inducing"}) {
    SCOPED_TRACE(model);
    const std::vector<RecordedEvaluation> large =
        evaluations("buffer_size = 100\nmodel = '" + model + "'\n", model);
    ASSERT_EQ(large.size(), reference.size());
    for (std::size_t i = 0; i < large.size(); ++i) {
      ASSERT_EQ(large[i].x.size(), reference[i].x.size());
      for (std::size_t k = 0; k < large[i].x.size(); ++k)
        EXPECT_TRUE(same_bits(large[i].x[k], reference[i].x[k])) << "evaluation " << i;
      EXPECT_TRUE(same_bits(large[i].y, reference[i].y)) << "evaluation " << i;
    }
  }
}

}  // namespace
}  // namespace bopp::host
