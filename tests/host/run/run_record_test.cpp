// The run record: doubles read back bit for bit; an unwritable folder is one clear error; a
// user's folder is never written into; a full disk leaves whole lines; syncs are bounded.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "../common/file_size_limit.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>

namespace bopp::host {
namespace {

TEST(RunRecord, DoublesReadBackBitForBit) {
  const auto folder = test::fresh_folder("record");
  std::mt19937_64 rng(1);
  std::vector<RecordedEvaluation> batch;
  for (int i = 0; i < 200; ++i) {
    RecordedEvaluation e;
    e.index = static_cast<std::uint64_t>(i);
    std::uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isfinite(v)) v = 1e-300 * static_cast<double>(i);
    e.x = {v, std::nextafter(1.0, 2.0), -0.0, std::numeric_limits<double>::denorm_min()};
    e.y = v / 3;
    e.ok = true;
    e.seed = rng();
    batch.push_back(e);
  }
  {
    RunRecord record(folder / "run", toml::table{}, nlohmann::json::object(), false);
    record.append(batch);
  }
  const auto back = read_evaluations(folder / "run" / "evaluations.jsonl");
  ASSERT_EQ(back.size(), batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    for (std::size_t k = 0; k < batch[i].x.size(); ++k) {
      EXPECT_EQ(std::memcmp(&back[i].x[k], &batch[i].x[k], sizeof(double)), 0) << i << "," << k;
    }
    EXPECT_EQ(std::memcmp(&back[i].y, &batch[i].y, sizeof(double)), 0);
    EXPECT_EQ(back[i].seed, batch[i].seed);
  }
}

TEST(RunRecord, FailedEvaluationIsWrittenAsNullWithItsMessage) {
  const auto folder = test::fresh_folder("record");
  RecordedEvaluation e;
  e.x = {0.5};
  e.ok = false;
  e.y = std::nan("");
  e.message = "boom";
  {
    RunRecord record(folder / "run", toml::table{}, nlohmann::json::object(), false);
    record.append({&e, 1});
  }
  std::ifstream in(folder / "run" / "evaluations.jsonl");
  std::string line;
  std::getline(in, line);
  const auto j = nlohmann::json::parse(line);
  EXPECT_TRUE(j["y"].is_null());
  EXPECT_EQ(j["status"], "failed");
  EXPECT_EQ(j["message"], "boom");
}

TEST(RunRecord, UnwritableFolderIsOneClearError) {
  const auto folder = test::fresh_folder("record");
  // A file where a folder should be: fails for root too, unlike a chmod.
  std::ofstream(folder / "blocker") << "not a folder";
  try {
    RunRecord record(folder / "blocker" / "run", toml::table{}, nlohmann::json::object(), false);
    FAIL() << "wrote under a file";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("cannot write the run record"), std::string::npos) << message;
    EXPECT_NE(message.find("blocker"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(RunRecord, RefusesAFolderHoldingARunUnlessOverwriting) {
  const auto folder = test::fresh_folder("record");
  { RunRecord record(folder, toml::table{}, nlohmann::json::object(), false); }
  EXPECT_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), false), Error);
  EXPECT_NO_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), true));
}

TEST(RunRecord, RunJsonIsUpdatedAtomically) {
  const auto folder = test::fresh_folder("record");
  RunRecord record(folder, toml::table{}, {{"status", "running"}}, false);
  record.update({{"status", "completed"}, {"evaluations", 3}});
  std::ifstream in(folder / "run.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["status"], "completed");
  EXPECT_EQ(j["evaluations"], 3);
  EXPECT_FALSE(std::filesystem::exists(folder / "run.json.tmp"));
}

std::vector<RecordedEvaluation> some_batch(std::uint64_t first, std::size_t n) {
  std::vector<RecordedEvaluation> batch(n);
  for (std::size_t i = 0; i < n; ++i) {
    batch[i].index = first + i;
    batch[i].x = {0.25 * static_cast<double>(i), 0.5};
    batch[i].y = static_cast<double>(first + i) / 7.0;
    batch[i].ok = true;
    batch[i].seed = 1000 + first + i;
  }
  return batch;
}

// A folder holding a user's own files is not a run record: it is refused, with or without
// --overwrite, naming the folder and what it holds, and nothing in it changes.
TEST(RunRecord, RefusesAFolderThatHoldsAUsersFiles) {
  const auto folder = test::fresh_folder("record-user");
  std::ofstream(folder / "experiment.toml") << "# my own experiment\n";
  for (const bool overwrite : {false, true}) {
    try {
      RunRecord record(folder, toml::table{}, nlohmann::json::object(), overwrite);
      FAIL() << "wrote into a user's folder";
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("'" + folder.string() + "'"), std::string::npos) << message;
      EXPECT_NE(message.find("holds no bopp run record (found 'experiment.toml')"),
                std::string::npos)
          << message;
    }
  }
  EXPECT_EQ(test::read_text(folder / "experiment.toml"), "# my own experiment\n");
  EXPECT_FALSE(std::filesystem::exists(folder / "run.json"));
  EXPECT_FALSE(std::filesystem::exists(folder / "evaluations.jsonl"));
}

// --overwrite replaces a record bopp wrote, not any folder that has a run.json.
TEST(RunRecord, OverwriteRefusesARunJsonThatBoppDidNotWrite) {
  const auto folder = test::fresh_folder("record-foreign");
  std::ofstream(folder / "run.json") << R"({"status": "completed"})";
  std::ofstream(folder / "evaluations.jsonl") << "mine\n";
  EXPECT_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), true), Error);
  EXPECT_EQ(test::read_text(folder / "evaluations.jsonl"), "mine\n");
  EXPECT_FALSE(holds_run_record(folder));
}

// What a killed bopp leaves before its record exists (its lock file, an atomic writer's
// temporary) does not make a folder someone else's.
TEST(RunRecord, AFolderWithOnlyBoppsLockAndTemporariesCountsAsEmpty) {
  const auto folder = test::fresh_folder("record-leftovers");
  std::ofstream(folder / ".bopp.lock") << "123\n";
  std::ofstream(folder / "run.json.tmp.123.0") << "{";
  EXPECT_NO_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), false));
  EXPECT_TRUE(holds_run_record(folder));
}

// An overwrite writes run.json ("running") before it truncates anything, so a run stopped at
// any step (here: run.json cannot be written) never leaves the old run's "completed" beside a
// truncated evaluations.jsonl.
TEST(RunRecord, OverwriteNeverLeavesCompletedBesideTruncatedEvaluations) {
  const auto folder = test::fresh_folder("record-overwrite");
  {
    RunRecord old(folder, toml::table{}, nlohmann::json::object(), false);
    old.append(some_batch(0, 3));
    old.close_files();
    old.update({{"status", "completed"}});
  }
  const std::string message = test::error_with_file_size_limit(1000, [&] {
    // run.json outgrows the limit; experiment.toml does not.
    RunRecord record(folder, toml::table{}, {{"padding", std::string(2000, 'x')}}, true);
  });
  EXPECT_NE(message.find("cannot write the run record '" + folder.string() + "': "),
            std::string::npos)
      << message;
  std::ifstream in(folder / "run.json");
  const auto run = nlohmann::json::parse(in);
  const auto evaluations = read_evaluations(folder / "evaluations.jsonl");
  EXPECT_FALSE(run["status"] == "completed" && evaluations.size() != 3) << run.dump();
}

// A batch that does not fit is cut back to the last whole line, and the error names the
// folder and the file.
TEST(RunRecord, AFullDiskLeavesOnlyWholeLines) {
  const auto folder = test::fresh_folder("record-full");
  const std::string message = test::error_with_file_size_limit(4000, [&] {
    RunRecord record(folder, toml::table{}, nlohmann::json::object(), false);
    for (std::uint64_t b = 0; b < 100; ++b) record.append(some_batch(b * 7, 7));
  });
  EXPECT_NE(message.find("cannot write the run record '" + folder.string() +
                         "': evaluations.jsonl: File too large"),
            std::string::npos)
      << message;
  const auto lines = read_evaluations(folder / "evaluations.jsonl");  // throws on a torn line
  EXPECT_GT(lines.size(), 0u);
  EXPECT_EQ(lines.size() % 7, 0u);
  const std::string text = test::read_text(folder / "evaluations.jsonl");
  EXPECT_EQ(text.back(), '\n');
}

// A clock the test moves: each reading is `step` seconds after the last.
std::function<double()> ticking_clock(double step) {
  return [t = 0.0, step]() mutable { return t += step; };
}

// Each batch costs 0.01 s on the clock: 1000 batches in 10 s sync about 10 times with an
// interval of 1 s, not 1000, and the end syncs what the last interval left.
TEST(RunRecord, SyncsAtMostOncePerIntervalAndAtTheEnd) {
  const auto folder = test::fresh_folder("record-sync");
  RunRecord record(folder, toml::table{}, nlohmann::json::object(), false,
                   {true, 1.0, ticking_clock(0.01)});
  std::uint64_t synced_by_append = 0;
  for (std::uint64_t b = 0; b < 1000; ++b) synced_by_append += record.append(some_batch(b, 2));
  EXPECT_EQ(record.syncs(), synced_by_append);
  EXPECT_GE(record.syncs(), 8u);
  EXPECT_LE(record.syncs(), 12u);
  std::uint64_t b = 1000;
  while (record.append(some_batch(b++, 2))) {
  }  // until a batch is left unsynced
  const std::uint64_t before_end = record.syncs();
  record.close_files();
  EXPECT_EQ(record.syncs(), before_end + 1);
}

TEST(RunRecord, IntervalZeroSyncsEveryBatchAndNoSyncNever) {
  const auto every = test::fresh_folder("record-sync-every");
  RunRecord each(every, toml::table{}, nlohmann::json::object(), false,
                 {true, 0.0, ticking_clock(0.001)});
  for (std::uint64_t b = 0; b < 20; ++b) EXPECT_TRUE(each.append(some_batch(b, 1)));
  EXPECT_EQ(each.syncs(), 20u);
  const auto never = test::fresh_folder("record-sync-never");
  RunRecord none(never, toml::table{}, nlohmann::json::object(), false,
                 {false, 0.0, ticking_clock(1.0)});
  for (std::uint64_t b = 0; b < 20; ++b) EXPECT_FALSE(none.append(some_batch(b, 1)));
  none.close_files();
  EXPECT_EQ(none.syncs(), 0u);
}

// The clock decides when to sync, never what is written.
TEST(RunRecord, TheRecordIsTheSameWhateverTheTiming) {
  std::vector<std::string> texts;
  for (const double step : {0.0001, 0.3, 5.0}) {
    const auto folder = test::fresh_folder("record-timing-" + std::to_string(texts.size()));
    {
      RunRecord record(folder, toml::table{}, nlohmann::json::object(), false,
                       {true, 1.0, ticking_clock(step)});
      for (std::uint64_t b = 0; b < 50; ++b) record.append(some_batch(b * 3, 3));
      record.close_files();
    }
    texts.push_back(test::read_text(folder / "evaluations.jsonl"));
  }
  EXPECT_EQ(texts[0], texts[1]);
  EXPECT_EQ(texts[0], texts[2]);
}

}  // namespace
}  // namespace bopp::host
