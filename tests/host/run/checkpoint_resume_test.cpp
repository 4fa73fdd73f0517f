// Resuming from a checkpoint (checkpoints.hpp): a record cut after any number of batches, with
// a checkpoint after any earlier batch, resumes to the uninterrupted run's record, under every
// evaluator kind; a checkpoint that does not belong to the record (absent, truncated, corrupt,
// another algorithm's or version's, newer than the record, refused by the plugin) is said so in
// one line and the whole record replayed instead; a time limit stops a run checkpointed.
#include <bopp/abi.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/checkpoint_file.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include "comparable_run_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace bopp::host {
namespace {
namespace fs = std::filesystem;

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("misbehaving")});
  return r;
}

// A noisy objective, batches of 3 that do not divide the budget (3, 3, 3, 2), and the
// algorithm under test; checkpoints after every batch of the straight run.
std::string experiment_text(const std::string& algorithm, const std::string& evaluator) {
  return "[run]\nseed = 5\nbudget = 11\nbatch = 3\ncheckpoint_interval_s = 0\n"
         "[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\nnoise = 0.2\n"
         "[algorithm]\nname = '" +
         algorithm + "'\n[evaluator]\nkind = '" + evaluator + "'\n" +
         (evaluator == "serial" ? "" : "workers = 2\n");
}
constexpr std::size_t kBudget = 11;
// The evaluations in the first `batches` batches.
std::size_t lines_of(std::size_t batches) { return std::min<std::size_t>(3 * batches, kBudget); }
constexpr std::size_t kBatches = 4;

fs::path straight_run(const std::string& text, const std::string& name) {
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(name) / "record").string();
  e.resolve_plugins(registry());
  const RunResult r = run_experiment(e, registry(), test::quiet_run_options());
  EXPECT_EQ(r.status, RunStatus::completed) << r.message;
  EXPECT_FALSE(fs::exists(r.record / record_file::kCheckpoint)) << "a completed run keeps none";
  return r.record;
}

nlohmann::json run_json(const fs::path& record) {
  std::ifstream in(record / "run.json");
  return nlohmann::json::parse(in);
}

std::string head_lines(const std::string& text, std::size_t lines) {
  std::size_t end = 0;
  for (std::size_t i = 0; i < lines; ++i) end = text.find('\n', end) + 1;
  return text.substr(0, end);
}

// The complete record `full` as a kill after its first `kept` evaluations leaves it (with
// `torn`, half of the next line too), without a checkpoint.
fs::path killed_copy(const fs::path& full, std::size_t kept, bool torn, const std::string& name) {
  const fs::path copy = test::fresh_folder(name) / "record";
  fs::copy(full, copy, fs::copy_options::recursive);
  const std::string all = test::read_text(full / "evaluations.jsonl");
  std::string text = head_lines(all, kept);
  if (torn) text += all.substr(text.size(), (head_lines(all, kept + 1).size() - text.size()) / 2);
  std::ofstream(copy / "evaluations.jsonl", std::ios::binary | std::ios::trunc) << text;
  nlohmann::json run = run_json(copy);
  run["status"] = "running";
  std::ofstream(copy / "run.json") << run.dump(2) << "\n";
  return copy;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every evaluation (but its time) and run.json (but its times) equal to the bit, and a timing
// line for every batch.
void expect_same_run(const fs::path& expected, const fs::path& actual) {
  const auto a = read_evaluations(expected / "evaluations.jsonl");
  const auto b = read_evaluations(actual / "evaluations.jsonl");
  ASSERT_EQ(a.size(), b.size()) << actual;
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE("evaluation " + std::to_string(i));
    EXPECT_EQ(b[i].index, i);
    EXPECT_EQ(a[i].batch, b[i].batch);
    ASSERT_EQ(a[i].x.size(), b[i].x.size());
    for (std::size_t k = 0; k < a[i].x.size(); ++k) EXPECT_TRUE(same_bits(a[i].x[k], b[i].x[k]));
    EXPECT_EQ(a[i].ok, b[i].ok);
    EXPECT_TRUE(same_bits(a[i].y, b[i].y)) << a[i].y << " " << b[i].y;
    EXPECT_EQ(a[i].seed, b[i].seed);
    ASSERT_EQ(a[i].regret.has_value(), b[i].regret.has_value());
    if (a[i].regret) {
      EXPECT_TRUE(same_bits(a[i].regret->cumulative, b[i].regret->cumulative));
    }
  }
  EXPECT_EQ(test::comparable_run_json(expected), test::comparable_run_json(actual));
  const auto tb = read_batch_timings(actual / "batches.jsonl");
  ASSERT_EQ(read_batch_timings(expected / "batches.jsonl").size(), tb.size());
  for (std::size_t i = 0; i < tb.size(); ++i) EXPECT_EQ(tb[i].batch, i);
  // The algorithm's time is the whole run's, every batch once as it ran, not the replay's work.
  double asks_and_tells = 0, cpu = 0;
  for (const BatchTiming& t : tb) {
    asks_and_tells += t.ask_seconds + t.tell_seconds;
    cpu += t.ask_cpu_seconds + t.tell_cpu_seconds;
  }
  const nlohmann::json time = run_json(actual)["time"];
  EXPECT_NEAR(time["algorithm"].get<double>(), asks_and_tells, 1e-9 * asks_and_tells + 1e-12);
  EXPECT_NEAR(time["algorithm_cpu"].get<double>(), cpu, 1e-9 * cpu + 1e-12);
}

// The options of a resume that keeps what it logs.
struct LoggedOptions {
  RunOptions options = test::quiet_run_options();
  std::vector<std::string> lines;
  LoggedOptions() {
    // What the host says about its checkpoints; the plugins' debug lines (a fit's cost) are not.
    options.log = [this](std::int32_t level, const std::string&, const std::string& message) {
      if (level > BOPP_LOG_DEBUG) lines.push_back(message);
    };
  }
};

// The checkpoint after the first `batches` batches of `full`: a record cut there, resumed (a
// whole replay) with the stop already asked for, writes it as it stops. Empty when the
// algorithm does not save its state.
std::optional<std::string> checkpoint_after(const fs::path& full, std::size_t batches) {
  const fs::path cut = killed_copy(full, lines_of(batches), false, "checkpointed");
  const std::atomic<bool> stop{true};
  RunOptions options = test::quiet_run_options();
  options.stop = &stop;
  const auto r = resume_run(cut, registry(), options);
  EXPECT_TRUE(r && r->status == RunStatus::stopped);
  if (!fs::exists(cut / record_file::kCheckpoint)) return std::nullopt;
  return test::read_text(cut / record_file::kCheckpoint);
}

void put_checkpoint(const fs::path& record, const std::string& bytes) {
  std::ofstream(record / record_file::kCheckpoint, std::ios::binary | std::ios::trunc) << bytes;
}

class CheckpointResume : public ::testing::TestWithParam<std::string> {};

// The algorithms that ought to offer their state; one that does not yet is skipped, saying so.
INSTANTIATE_TEST_SUITE_P(Algorithms, CheckpointResume,
                         ::testing::Values("random", "gpbo", "sto-bnts"), [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

#define SKIP_WITHOUT_STATE(checkpoint)                                                   \
  if (!(checkpoint)) {                                                                   \
    GTEST_SKIP() << "algorithm '" << GetParam()                                          \
                 << "' does not offer bopp.state/1 yet: no checkpoint, nothing to test"; \
  }

TEST_P(CheckpointResume, EveryCutResumesFromEveryEarlierCheckpointToTheStraightRun) {
  const fs::path full = straight_run(experiment_text(GetParam(), "serial"), "full");
  std::map<std::size_t, std::string> checkpoints;
  // A record holding every batch has nothing left to run, so no stop writes a checkpoint there.
  for (std::size_t c = 1; c < kBatches; ++c) {
    const auto bytes = checkpoint_after(full, c);
    SKIP_WITHOUT_STATE(bytes);
    checkpoints[c] = *bytes;
  }
  for (const auto& [c, bytes] : checkpoints) {
    for (std::size_t k = c; k <= kBatches; ++k) {
      for (const bool torn : {false, true}) {
        if (k == kBatches && torn) continue;
        SCOPED_TRACE("checkpoint after " + std::to_string(c) + " batches, record cut after " +
                     std::to_string(k) + (torn ? " and a torn line" : ""));
        const fs::path cut = killed_copy(full, lines_of(k), torn, "cut");
        put_checkpoint(cut, bytes);
        LoggedOptions logged;
        const auto r = resume_run(cut, registry(), logged.options);
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->status, RunStatus::completed) << r->message;
        EXPECT_EQ(r->restored_evaluations, lines_of(c)) << r->checkpoint_not_used;
        EXPECT_TRUE(logged.lines.empty()) << logged.lines.front();
        expect_same_run(full, cut);
        EXPECT_FALSE(fs::exists(cut / record_file::kCheckpoint));
      }
    }
  }
}

TEST_P(CheckpointResume, ThreadsAndProcessesEvaluatorsResumeFromACheckpoint) {
  for (const std::string evaluator : {"threads", "processes"}) {
    SCOPED_TRACE(evaluator);
    const fs::path full = straight_run(experiment_text(GetParam(), evaluator), evaluator);
    const auto bytes = checkpoint_after(full, 1);
    SKIP_WITHOUT_STATE(bytes);
    for (const std::size_t kept : {lines_of(1), lines_of(2) + 1}) {
      const fs::path cut = killed_copy(full, kept, false, evaluator + "-cut");
      put_checkpoint(cut, *bytes);
      const auto r = resume_run(cut, registry(), test::quiet_run_options());
      ASSERT_TRUE(r.has_value());
      EXPECT_EQ(r->status, RunStatus::completed) << r->message;
      EXPECT_EQ(r->restored_evaluations, lines_of(1)) << r->checkpoint_not_used;
      expect_same_run(full, cut);
    }
  }
}

// The checkpoint's header line and its state bytes.
std::pair<nlohmann::json, std::string> split(const std::string& bytes) {
  const std::size_t newline = bytes.find('\n');
  return {nlohmann::json::parse(bytes.substr(0, newline)), bytes.substr(newline + 1)};
}

std::string join(const nlohmann::json& header, const std::string& state) {
  return header.dump() + "\n" + state;
}

TEST_P(CheckpointResume, ACheckpointThatDoesNotBelongIsSaidSoAndTheWholeRecordReplayed) {
  const fs::path full = straight_run(experiment_text(GetParam(), "serial"), "full");
  const auto good = checkpoint_after(full, 2);
  SKIP_WITHOUT_STATE(good);
  const auto [header, state] = split(*good);
  auto with = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json h = header;
    h[key] = value;
    return join(h, state);
  };
  std::string flipped = *good;
  flipped[flipped.size() - 1 - state.size() / 2] ^= 0x10;
  // The plugin's own refusal: bytes the header vouches for that are not a state.
  Checkpoint garbage;
  garbage.header.bopp_version = header[record_key::kBoppVersion];
  garbage.header.algorithm = header[record_key::kAlgorithm];
  garbage.header.algorithm_version = header[record_key::kVersion];
  garbage.header.library_sha1 = header[record_key::kLibrarySha1];
  garbage.header.experiment_sha1 = header[record_key::kExperimentSha1];
  garbage.header.evaluations = header[record_key::kEvaluations];
  garbage.header.batches = header[record_key::kBatches];
  garbage.header.evaluations_sha1 = header[record_key::kEvaluationsSha1];
  garbage.state = {1, 2, 3, 4, 5};
  const fs::path scratch = test::fresh_folder("garbage");
  write_checkpoint(scratch, garbage, false);
  const std::string refused = test::read_text(scratch / record_file::kCheckpoint);

  struct Case {
    std::string name;
    std::optional<std::string> bytes;  // none: no checkpoint file
    std::size_t kept;                  // evaluations the cut record holds
    std::string why;                   // in the one line
  };
  const std::vector<Case> cases = {
      {"absent", std::nullopt, lines_of(3), "not used: there is none"},
      {"truncated", good->substr(0, good->size() - 3), lines_of(3), "(a torn or corrupt file)"},
      {"header only", good->substr(0, good->size() - state.size() - 1), lines_of(3),
       "no whole header line"},
      {"bit-flipped", flipped, lines_of(3), "SHA-1 is not the one its header gives"},
      {"another algorithm's", with(record_key::kAlgorithm, "another"), lines_of(3),
       "a state of algorithm 'another'"},
      {"another version's", with(record_key::kVersion, "0.0.0-other"), lines_of(3), "0.0.0-other"},
      {"another bopp's", with(record_key::kBoppVersion, "0.0.1"), lines_of(3),
       "written by bopp 0.0.1"},
      {"another library's", with(record_key::kLibrarySha1, std::string(40, 'f')), lines_of(3),
       "saved by the library with SHA-1 ffff"},
      {"newer than the record", good, lines_of(2) - 1, "evaluations.jsonl holds 5"},
      {"other evaluations", with(record_key::kEvaluationsSha1, std::string(40, '0')), lines_of(3),
       "first 6 evaluations are not those it was written after"},
      {"not a batch boundary", with(record_key::kBatches, 3), lines_of(3),
       "are not whole batches of the record"},
      {"refused by the plugin", refused, lines_of(3), "restoring its state"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path cut = killed_copy(full, c.kept, false, "bad");
    if (c.bytes) put_checkpoint(cut, *c.bytes);
    LoggedOptions logged;
    const auto r = resume_run(cut, registry(), logged.options);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->status, RunStatus::completed) << r->message;
    EXPECT_EQ(r->restored_evaluations, 0u);
    ASSERT_EQ(logged.lines.size(), 1u);
    const std::string& line = logged.lines.front();
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    EXPECT_EQ(line.find("checkpoint '" + (cut / "checkpoint.bin").string() + "' not used: "), 0u)
        << line;
    EXPECT_NE(line.find(c.why), std::string::npos) << line;
    EXPECT_NE(line.find("; replaying the whole record instead"), std::string::npos) << line;
    expect_same_run(full, cut);
  }
}

// What the time limit does is the host's, whatever the algorithm: random search shows it.
TEST(CheckpointTimeLimit, StopsCheckpointedAndTheResumeCompletesTheRun) {
  // 20 ms an evaluation, one a batch: 30 evaluations take over half a second, the limit 0.2 s.
  const std::string text =
      "[run]\nseed = 2\nbudget = 30\ncheckpoint_interval_s = 1000\n"
      "[objective]\nname = 'slow_objective'\nsleep_ms = 20.0\n"
      "[algorithm]\nname = 'random'\n";
  const fs::path full = straight_run(text, "full");
  Experiment e = Experiment::parse(text, "exp.toml", {"run.time_limit='0.2s'"});
  EXPECT_EQ(e.time_limit_s, 0.2);
  e.output = (test::fresh_folder("limited") / "record").string();
  e.resolve_plugins(registry());
  const RunResult stopped = run_experiment(e, registry(), test::quiet_run_options());
  ASSERT_EQ(stopped.status, RunStatus::stopped);
  EXPECT_TRUE(stopped.time_limit);
  EXPECT_EQ(stopped.message.find("stopped (time limit) after "), 0u) << stopped.message;
  const nlohmann::json run = run_json(stopped.record);
  EXPECT_EQ(run["status"], "stopped");
  EXPECT_EQ(run["message"], stopped.message);
  EXPECT_LT(stopped.evaluations, 30u);
  ASSERT_TRUE(fs::exists(stopped.record / record_file::kCheckpoint));
  EXPECT_EQ(stopped.checkpoints, 1u);  // the interval never came: the stop's checkpoint
  // --stop-after in place of the experiment's limit: no limit at all here.
  RunOptions unlimited = test::quiet_run_options();
  unlimited.stop_after_s = 1e6;
  const auto r = resume_run(stopped.record, registry(), unlimited);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, RunStatus::completed) << r->message;
  EXPECT_EQ(r->restored_evaluations, stopped.evaluations);
  expect_same_run(full, stopped.record);
}

TEST(CheckpointSettings, TimeLimitsAreDurationsAndCheckpointKeysAreChecked) {
  const std::string base = "[objective]\nname = 'o'\n[algorithm]\nname = 'a'\n";
  for (const auto& [text, seconds] :
       std::vector<std::pair<std::string, double>>{{"'3h50m'", 13800.0},
                                                   {"'90m'", 5400.0},
                                                   {"'45s'", 45.0},
                                                   {"'1h30s'", 3630.0},
                                                   {"'1.5h'", 5400.0},
                                                   {"600", 600.0},
                                                   {"2.5", 2.5},
                                                   {"'600'", 600.0}}) {
    SCOPED_TRACE(text);
    const Experiment e = Experiment::parse("[run]\ntime_limit = " + text + "\n" + base, "e.toml");
    EXPECT_EQ(e.time_limit_s, seconds);
  }
  for (const std::string bad : {"'3m50h'", "'0s'", "'-5'", "'5x'", "'3h50'", "'h'", "0"}) {
    SCOPED_TRACE(bad);
    try {
      Experiment::parse("[run]\ntime_limit = " + bad + "\n" + base, "e.toml");
      ADD_FAILURE() << "accepted";
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find("e.toml:2"), std::string::npos) << error.what();
      EXPECT_NE(std::string(error.what()).find("time_limit"), std::string::npos) << error.what();
    }
  }
  const Experiment defaults = Experiment::parse(base, "e.toml");
  EXPECT_TRUE(defaults.checkpoints);
  EXPECT_EQ(defaults.checkpoint_interval_s, 60.0);
  EXPECT_EQ(defaults.time_limit_s, 0.0);
  EXPECT_THROW(Experiment::parse("[run]\ncheckpoint_interval_s = -1\n" + base, "e.toml"), Error);
  EXPECT_THROW(Experiment::parse("[run]\ncheckpoints = 'yes'\n" + base, "e.toml"), Error);
  // What is recorded reads back the same.
  const Experiment e = Experiment::parse(
      "[run]\ncheckpoints = false\ncheckpoint_interval_s = 5\ntime_limit = '2h'\n" + base,
      "e.toml");
  std::ostringstream text;
  text << e.to_toml();
  const Experiment again = Experiment::parse(text.str(), "again.toml");
  EXPECT_FALSE(again.checkpoints);
  EXPECT_EQ(again.checkpoint_interval_s, 5.0);
  EXPECT_EQ(again.time_limit, "2h");
  EXPECT_EQ(again.time_limit_s, 7200.0);
}

TEST(CheckpointSettings, CheckpointsOffOrAsynchronousRunsWriteNone) {
  const std::string base =
      "[run]\nseed = 1\nbudget = 6\ncheckpoint_interval_s = 0\n[objective]\nname = "
      "'slow_objective'\nsleep_ms = 0.0\n[algorithm]\nname = 'random'\n";
  for (const std::string& extra :
       {std::string("[evaluator]\nasync = true\nkind = 'threads'\nworkers = 2\n"), std::string()}) {
    SCOPED_TRACE(extra);
    Experiment e =
        Experiment::parse(base + extra, "exp.toml",
                          extra.empty() ? std::vector<std::string>{"run.checkpoints=false"}
                                        : std::vector<std::string>{});
    e.output = (test::fresh_folder("none") / "record").string();
    e.resolve_plugins(registry());
    const RunResult r = run_experiment(e, registry(), test::quiet_run_options());
    EXPECT_EQ(r.status, RunStatus::completed) << r.message;
    EXPECT_EQ(r.checkpoints, 0u);
  }
}

}  // namespace
}  // namespace bopp::host
