// The run record: doubles read back bit for bit; an unwritable folder is one clear error.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/run_record.hpp>

#include "test_paths.hpp"

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
    RunRecord record(folder / "run", toml::table{}, nlohmann::json::object(), false, true);
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
    RunRecord record(folder / "run", toml::table{}, nlohmann::json::object(), false, true);
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
    RunRecord record(folder / "blocker" / "run", toml::table{}, nlohmann::json::object(), false,
                     true);
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
  { RunRecord record(folder, toml::table{}, nlohmann::json::object(), false, true); }
  EXPECT_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), false, true), Error);
  EXPECT_NO_THROW(RunRecord(folder, toml::table{}, nlohmann::json::object(), true, true));
}

TEST(RunRecord, RunJsonIsUpdatedAtomically) {
  const auto folder = test::fresh_folder("record");
  RunRecord record(folder, toml::table{}, {{"status", "running"}}, false, true);
  record.update({{"status", "completed"}, {"evaluations", 3}});
  std::ifstream in(folder / "run.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["status"], "completed");
  EXPECT_EQ(j["evaluations"], 3);
  EXPECT_FALSE(std::filesystem::exists(folder / "run.json.tmp"));
}

}  // namespace
}  // namespace bopp::host
