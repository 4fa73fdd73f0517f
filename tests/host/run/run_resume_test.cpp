// Resuming a run record (resume_run): a record cut as a kill or a power loss cuts it, continued,
// equals the uninterrupted run evaluation for evaluation; what refuses a resume.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/sha1_digest.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_resume.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include "quiet_run_options.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include "comparable_run_json.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace bopp::host {
namespace {
namespace fs = std::filesystem;

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("misbehaving")});
  return r;
}

RunOptions quiet() { return test::quiet_run_options(); }

// A noisy objective and an algorithm whose asks depend on what it was told, in batches that
// do not divide the budget.
const std::string kNoisyGp =
    "[run]\nseed = 11\nbudget = 11\nbatch = 3\n"
    "[objective]\nname = 'slow_objective'\nsleep_ms = 0.0\nnoise = 0.2\n"
    "[algorithm]\nname = 'gpbo'\n";

// The straight run of `text` (with `evaluator` lines appended) into a fresh folder.
fs::path straight_run(const std::string& text, const std::string& name) {
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(name) / "record").string();
  e.resolve_plugins(registry());
  const RunResult r = run_experiment(e, registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed) << r.message;
  return r.record;
}

nlohmann::json run_json(const fs::path& record) {
  std::ifstream in(record / "run.json");
  return nlohmann::json::parse(in);
}

void write_run_json(const fs::path& record, const nlohmann::json& run) {
  std::ofstream(record / "run.json") << run.dump(2) << "\n";
}

// The first `lines` lines of `text` (each with its newline).
std::string head_lines(const std::string& text, std::size_t lines) {
  std::size_t end = 0;
  for (std::size_t i = 0; i < lines; ++i) end = text.find('\n', end) + 1;
  return text.substr(0, end);
}

// A copy of the complete record `full` as a kill after its first `kept` evaluations leaves
// it: run.json says running, evaluations.jsonl holds `kept` lines (and, with `torn`, half of
// the next one, as a power loss may leave). The log and the timings are left whole: the
// resume must drop what lies past the record.
fs::path killed_copy(const fs::path& full, std::size_t kept, bool torn, const std::string& name) {
  const fs::path copy = test::fresh_folder(name) / "record";
  fs::copy(full, copy, fs::copy_options::recursive);
  const std::string all = test::read_text(full / "evaluations.jsonl");
  std::string text = head_lines(all, kept);
  if (torn) text += all.substr(text.size(), (head_lines(all, kept + 1).size() - text.size()) / 2);
  std::ofstream(copy / "evaluations.jsonl", std::ios::binary | std::ios::trunc) << text;
  nlohmann::json run = run_json(copy);
  run["status"] = "running";
  write_run_json(copy, run);
  return copy;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The two records hold the same run: every evaluation (x, y, status, seed, regret; not its
// time) and run.json (but its times) equal to the bit.
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
    EXPECT_EQ(a[i].message, b[i].message);
    ASSERT_EQ(a[i].regret.has_value(), b[i].regret.has_value());
    if (a[i].regret) {
      EXPECT_TRUE(same_bits(a[i].regret->cumulative, b[i].regret->cumulative));
    }
  }
  EXPECT_EQ(test::comparable_run_json(expected), test::comparable_run_json(actual));
  const auto ta = read_batch_timings(expected / "batches.jsonl");
  const auto tb = read_batch_timings(actual / "batches.jsonl");
  ASSERT_EQ(ta.size(), tb.size());
  for (std::size_t i = 0; i < ta.size(); ++i) {
    EXPECT_EQ(tb[i].batch, i);
    EXPECT_EQ(ta[i].points, tb[i].points);
  }
}

TEST(RunResume, EveryCutOfTheRecordResumesToTheStraightRun) {
  const fs::path full = straight_run(kNoisyGp, "full");
  for (std::size_t kept = 0; kept <= 11; ++kept) {
    for (const bool torn : {false, true}) {
      if (kept == 11 && torn) continue;
      SCOPED_TRACE("kept " + std::to_string(kept) + (torn ? " and a torn line" : ""));
      const fs::path cut = killed_copy(full, kept, torn, "cut");
      const auto r = resume_run(cut, registry(), quiet());
      ASSERT_TRUE(r.has_value());
      EXPECT_EQ(r->status, RunStatus::completed) << r->message;
      EXPECT_EQ(r->evaluations, 11u);
      expect_same_run(full, cut);
    }
  }
}

TEST(RunResume, ThreadsAndProcessesEvaluatorsResumeToTheSerialRun) {
  const fs::path full = straight_run(kNoisyGp, "serial");
  for (const std::string evaluator : {"threads", "processes"}) {
    SCOPED_TRACE(evaluator);
    // A record of the same experiment with another evaluator holds the same evaluations.
    const fs::path other = straight_run(
        kNoisyGp + "[evaluator]\nkind = '" + evaluator + "'\nworkers = 2\n", evaluator);
    const fs::path cut = killed_copy(other, 4, false, evaluator + "-cut");  // inside batch 1
    const auto r = resume_run(cut, registry(), quiet());
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->status, RunStatus::completed) << r->message;
    expect_same_run(other, cut);
    EXPECT_EQ(read_evaluations(full / "evaluations.jsonl").back().y,
              read_evaluations(cut / "evaluations.jsonl").back().y);
  }
}

// The files of a record, to check a refused resume changed none of them.
std::string record_bytes(const fs::path& record) {
  std::string all;
  for (const char* file :
       {"run.json", "experiment.toml", "evaluations.jsonl", "batches.jsonl", "log.jsonl"})
    all += std::string(file) + ":\n" + test::read_text(record / file);
  return all;
}

std::string refusal(const fs::path& record, const ResumeOptions& resume = {}) {
  try {
    resume_run(record, registry(), quiet(), resume);
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "resumed " << record;
  return "";
}

TEST(RunResume, AnEditedPointStopsTheReplayNamingItsEvaluation) {
  const fs::path full = straight_run(kNoisyGp, "full");
  const fs::path cut = killed_copy(full, 8, false, "edited");
  std::string text = test::read_text(cut / "evaluations.jsonl");
  std::istringstream lines(text);
  std::string rewritten, line;
  for (int i = 0; std::getline(lines, line); ++i) {
    nlohmann::json j = nlohmann::json::parse(line);
    if (i == 5) j["x"][1] = std::nextafter(j["x"][1].get<double>(), 2.0);  // one bit off
    rewritten += j.dump() + "\n";
  }
  std::ofstream(cut / "evaluations.jsonl", std::ios::trunc) << rewritten;
  const std::string before = record_bytes(cut);
  const std::string message = refusal(cut);
  EXPECT_NE(message.find("evaluation 5 differs from the record: the replay asked x = ["),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("the record is left as it was"), std::string::npos) << message;
  EXPECT_EQ(record_bytes(cut), before);
}

// Replaces the first `from` in `record`'s experiment.toml by `to`, and gives run.json the
// file's new SHA-1 when `consistent` (as someone editing the record with care would).
void edit_experiment(const fs::path& record, const std::string& from, const std::string& to,
                     bool consistent) {
  std::string toml = test::read_text(record / "experiment.toml");
  const auto at = toml.find(from);
  ASSERT_NE(at, std::string::npos) << toml;
  toml.replace(at, from.size(), to);
  std::ofstream(record / "experiment.toml", std::ios::trunc) << toml;
  if (!consistent) return;
  nlohmann::json run = run_json(record);
  run[record_key::kExperimentSha1] = sha1_hex(toml);
  write_run_json(record, run);
}

TEST(RunResume, AChangedSeedStopsTheReplayAtTheFirstEvaluation) {
  const fs::path full = straight_run(kNoisyGp, "full");
  const fs::path cut = killed_copy(full, 6, false, "seed");
  edit_experiment(cut, "seed = 11", "seed = 12", true);
  nlohmann::json run = run_json(cut);
  run[record_key::kSeed] = 12;
  write_run_json(cut, run);
  const std::string before = record_bytes(cut);
  const std::string message = refusal(cut);
  EXPECT_NE(message.find("cannot resume '" + cut.string() + "': evaluation 0 differs"),
            std::string::npos)
      << message;
  EXPECT_EQ(record_bytes(cut), before);
}

// A random search on a noisy sphere: no recorded value decides a point, so only the record's
// own consistency and the re-evaluated best catch an edited value.
const std::string kNoisySphere =
    "[run]\nseed = 5\nbudget = 12\nbatch = 2\n"
    "[objective]\nname = 'sphere'\ndim = 2\nnoise_std = 0.1\n"
    "[algorithm]\nname = 'random'\n";

// Rewrites every line of `record`'s evaluations.jsonl through `edit(line, index)`.
template <class Edit>
void edit_evaluations(const fs::path& record, Edit edit) {
  std::istringstream lines(test::read_text(record / "evaluations.jsonl"));
  std::string rewritten, line;
  for (std::size_t i = 0; std::getline(lines, line); ++i) {
    nlohmann::json j = nlohmann::json::parse(line);
    edit(j, i);
    rewritten += j.dump() + "\n";
  }
  std::ofstream(record / "evaluations.jsonl", std::ios::trunc) << rewritten;
}

// The index of the best (least) recorded y among the first `n` lines.
std::size_t best_line(const fs::path& record, std::size_t n) {
  const auto lines = read_evaluations(record / "evaluations.jsonl");
  std::size_t best = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (lines[i].y < lines[best].y) best = i;
  return best;
}

// Gives line `target` the value `y` and every line its regret fields recomputed from the
// values, as a careful forger would (the sphere's optimum is 0).
void forge_value(const fs::path& record, std::size_t target, double y) {
  double simple = std::numeric_limits<double>::infinity(), cumulative = 0.0;
  edit_evaluations(record, [&](nlohmann::json& j, std::size_t i) {
    if (i == target) j["y"] = y;
    const double regret = std::max(j["y"].get<double>(), 0.0);
    simple = std::min(simple, regret);
    cumulative += regret;
    j["regret"] = regret;
    j["simple_regret"] = simple;
    j["cumulative_regret"] = cumulative;
  });
}

TEST(RunResume, ALineThatIsNotWhatBoppWritesIsRefusedNamingItsField) {
  const fs::path full = straight_run(kNoisySphere, "full");
  const struct {
    const char* field;
    nlohmann::json value;
    const char* says;
  } edits[] = {
      {"status", "lost",
       "evaluations.jsonl:4: not a valid evaluation: `status` is not \"ok\" or "
       "\"failed\""},
      {"index", 3.5, "`index` is not a whole number"},
      {"seed", -1, "`seed` is not a whole number"},
      {"y", "1", "`y` is not a finite number"},
      {"batch", 7, "evaluations.jsonl:4: batch 7 where 1 or 2 was expected"},
      {"x", nlohmann::json::array({0.1, nullptr}), "`x` is not a finite number"},
  };
  for (const auto& edit : edits) {
    SCOPED_TRACE(edit.field);
    const fs::path cut = killed_copy(full, 8, false, "field");
    edit_evaluations(cut, [&](nlohmann::json& j, std::size_t i) {
      if (i == 3) j[edit.field] = edit.value;
    });
    const std::string before = record_bytes(cut);
    const std::string message = refusal(cut);
    EXPECT_NE(message.find(edit.says), std::string::npos) << message;
    EXPECT_EQ(record_bytes(cut), before);
  }
}

TEST(RunResume, AnEditedValueOrRegretIsCaughtByTheRegretItsValueGives) {
  const fs::path full = straight_run(kNoisySphere, "full");
  const fs::path value = killed_copy(full, 8, false, "value");
  edit_evaluations(value, [](nlohmann::json& j, std::size_t i) {
    if (i == 2) j["y"] = j["y"].get<double>() / 2;
  });
  const std::string message = refusal(value);
  EXPECT_NE(message.find("evaluation 2 differs from the record: its y and the problem's optimum "
                         "give regret "),
            std::string::npos)
      << message;

  const fs::path sum = killed_copy(full, 8, false, "cumulative");
  edit_evaluations(sum, [](nlohmann::json& j, std::size_t i) {
    if (i == 6) j["cumulative_regret"] = j["cumulative_regret"].get<double>() - 0.5;
  });
  EXPECT_NE(refusal(sum).find("evaluation 6 differs from the record"), std::string::npos);
}

TEST(RunResume, AForgedBestValueIsCaughtByEvaluatingItAgain) {
  const fs::path full = straight_run(kNoisySphere, "full");
  const fs::path cut = killed_copy(full, 8, false, "forged");
  const std::size_t target = 8 / 2;  // not the best: the forged value makes it so
  forge_value(cut, target, 1e-9);
  ASSERT_EQ(best_line(cut, 8), target);
  const std::string before = record_bytes(cut);
  const std::string message = refusal(cut);
  EXPECT_NE(message.find("evaluation 4 differs from the record: the record's best y = 1e-09, "
                         "the objective evaluated again at its x and seed gives y = "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--no-recheck"), std::string::npos) << message;
  EXPECT_EQ(record_bytes(cut), before);
  // What --no-recheck gives up: the forged value then stands as the run's best.
  const auto r = resume_run(cut, registry(), quiet(), {.recheck_best = false});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best->y, 1e-9);
}

TEST(RunResume, AnExperimentEditedBesideItsRecordIsCaught) {
  const fs::path full = straight_run(kNoisySphere, "full");
  // The noise changed in experiment.toml alone: run.json's SHA-1 of the file tells.
  const fs::path noise = killed_copy(full, 8, false, "noise");
  edit_experiment(noise, "noise_std = 0.1", "noise_std = 0.2", false);
  const std::string message = refusal(noise);
  EXPECT_NE(message.find("run.json has experiment_sha1 = \""), std::string::npos) << message;

  // Changed with care in both files: the recorded best, evaluated again, tells.
  const fs::path careful = killed_copy(full, 8, false, "careful");
  edit_experiment(careful, "noise_std = 0.1", "noise_std = 0.2", true);
  EXPECT_NE(refusal(careful).find("the objective evaluated again at its x and seed gives y = "),
            std::string::npos);

  // A sphere relabelled rastrigin (same optimum, same library) in both files.
  const fs::path relabelled = killed_copy(full, 8, false, "relabelled");
  edit_experiment(relabelled, "name = 'sphere'", "name = 'rastrigin'", true);
  nlohmann::json run = run_json(relabelled);
  run[record_key::kObjective][record_key::kName] = "rastrigin";
  write_run_json(relabelled, run);
  EXPECT_NE(refusal(relabelled).find("the objective evaluated again"), std::string::npos);

  // The budget changed in run.json alone.
  const fs::path budget = killed_copy(full, 8, false, "budget");
  run = run_json(budget);
  run[record_key::kBudget] = 20;
  write_run_json(budget, run);
  EXPECT_NE(
      refusal(budget).find("run.json has budget = 20, the experiment and its plugins give 12"),
      std::string::npos);
}

TEST(RunResume, ACompleteRunIsLeftAsItIs) {
  const fs::path full = straight_run(kNoisyGp, "full");
  const std::string before = record_bytes(full);
  EXPECT_FALSE(resume_run(full, registry(), quiet()).has_value());
  EXPECT_EQ(record_bytes(full), before);
}

TEST(RunResume, AFolderWithoutARecordIsRefusedUntouched) {
  const fs::path folder = test::fresh_folder("user");
  std::ofstream(folder / "experiment.toml") << "# mine\n";
  EXPECT_NE(refusal(folder).find("holds no bopp run record"), std::string::npos);
  EXPECT_FALSE(fs::exists(folder / ".bopp.lock"));  // nothing added
  EXPECT_NE(refusal(folder / "missing").find("no such folder"), std::string::npos);
}

TEST(RunResume, AnotherVersionOrLibraryIsRefusedAndForceAllowsTheLibrary) {
  const fs::path full = straight_run(kNoisyGp, "full");
  const fs::path old = killed_copy(full, 3, false, "version");
  nlohmann::json run = run_json(old);
  run[record_key::kBoppVersion] = "0.0.1";
  write_run_json(old, run);
  const std::string version = refusal(old);
  EXPECT_NE(version.find("recorded by bopp 0.0.1, this is bopp "), std::string::npos) << version;

  const fs::path rebuilt = killed_copy(full, 3, false, "library");
  run = run_json(rebuilt);
  run[record_key::kAlgorithm][record_key::kLibrarySha1] = std::string(40, '0');
  write_run_json(rebuilt, run);
  const std::string before = record_bytes(rebuilt);
  const std::string message = refusal(rebuilt);
  EXPECT_NE(message.find("the algorithm 'gpbo' comes from"), std::string::npos) << message;
  EXPECT_NE(message.find("pass --force"), std::string::npos) << message;
  EXPECT_EQ(record_bytes(rebuilt), before);
  // The replay still checks every point: the library is in fact the same, so it resumes.
  const auto r = resume_run(rebuilt, registry(), quiet(), {.allow_changed_libraries = true});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, RunStatus::completed) << r->message;
  expect_same_run(full, rebuilt);  // and the record now names the library it ran with
}

TEST(RunResume, AStoppedRunResumes) {
  const fs::path full = straight_run(kNoisyGp, "full");
  Experiment e = Experiment::parse(kNoisyGp, "exp.toml");
  e.output = (test::fresh_folder("stopped") / "record").string();
  e.resolve_plugins(registry());
  const std::atomic<bool> stop{true};  // as SIGINT sets it: the run stops before its first ask
  RunOptions options = quiet();
  options.stop = &stop;
  const RunResult stopped = run_experiment(e, registry(), options);
  ASSERT_EQ(stopped.status, RunStatus::stopped);
  const auto r = resume_run(stopped.record, registry(), quiet());
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, RunStatus::completed) << r->message;
  expect_same_run(full, stopped.record);
}

TEST(RunResume, TheLogPastTheRecordIsReplacedAndTheReplayLogsNothing) {
  // Both plugins log at every level on every ask and evaluation.
  const std::string text =
      "[run]\nseed = 3\nbudget = 8\nbatch = 2\n[objective]\nname = 'logging_objective'\n"
      "[algorithm]\nname = 'logging_algorithm'\n";
  const fs::path full = straight_run(text, "full");
  for (const std::size_t kept : {0, 2, 4, 6}) {  // a kill between batches
    SCOPED_TRACE(kept);
    const fs::path cut = killed_copy(full, kept, false, "cut");  // log.jsonl left whole
    // The terminal shows what the resumed run logs, not the replay's repetitions.
    std::size_t shown = 0;
    RunOptions options = quiet();
    options.log = [&shown](std::int32_t, const std::string&, const std::string&) { ++shown; };
    ASSERT_TRUE(resume_run(cut, registry(), options).has_value());
    const std::string log = test::read_text(full / "log.jsonl");
    EXPECT_EQ(test::read_text(cut / "log.jsonl"), log);
    std::size_t past_the_cut = 0;  // the lines logged from the cut on
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      past_the_cut += nlohmann::json::parse(line)["evaluations"].get<std::size_t>() >= kept;
    EXPECT_EQ(shown, past_the_cut);
  }
}

}  // namespace
}  // namespace bopp::host
