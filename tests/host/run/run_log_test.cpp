// log.jsonl: one whole JSON line per plugin log line, from any thread, before and after the
// record's folder exists.
#include <bopp/abi.h>
#include <bopp/host/run/record/run_log.hpp>

#include "../common/file_size_limit.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

std::vector<nlohmann::json> read_lines(const std::filesystem::path& file) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(test::read_text(file));
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

TEST(RunLog, ALineHoldsTheMessageAsGiven) {
  const std::string message = "quote \" backslash \\ newline \n tab \t {\"json\": 1}";
  const std::string line = log_line(137, "gssbo", BOPP_LOG_INFO, message);
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line, the newline escaped";
  const auto j = nlohmann::json::parse(line);
  EXPECT_EQ(j.at("evaluations"), 137);
  EXPECT_EQ(j.at("plugin"), "gssbo");
  EXPECT_EQ(j.at("level"), "info");
  EXPECT_EQ(j.at("message"), message);
}

TEST(RunLog, LevelsAreNamed) {
  EXPECT_EQ(nlohmann::json::parse(log_line(0, "p", BOPP_LOG_DEBUG, "")).at("level"), "debug");
  EXPECT_EQ(nlohmann::json::parse(log_line(0, "p", BOPP_LOG_WARNING, "")).at("level"), "warning");
  EXPECT_EQ(nlohmann::json::parse(log_line(0, "p", BOPP_LOG_ERROR, "")).at("level"), "error");
  EXPECT_EQ(nlohmann::json::parse(log_line(0, "p", 42, "")).at("level"), "log");
}

TEST(RunLog, BytesThatAreNotUtf8StillMakeValidJson) {
  const auto j = nlohmann::json::parse(log_line(0, "p", BOPP_LOG_INFO, "bad \xff\xfe end"));
  EXPECT_EQ(j.at("message"), "bad \xef\xbf\xbd\xef\xbf\xbd end");
}

TEST(RunLog, ALongMessageIsCutWithANote) {
  // A multi-byte character across the cut must not make the line invalid.
  const std::string message = std::string(kMaxLogMessageBytes - 1, 'x') + "\xc3\xa9" + "tail";
  const auto j = nlohmann::json::parse(log_line(0, "p", BOPP_LOG_INFO, message));
  const std::string stored = j.at("message");
  EXPECT_LT(stored.size(), kMaxLogMessageBytes + 100);
  EXPECT_NE(stored.find("[cut: the message had " + std::to_string(message.size()) + " bytes]"),
            std::string::npos);
  const auto short_one = nlohmann::json::parse(log_line(0, "p", BOPP_LOG_INFO, "short"));
  EXPECT_EQ(short_one.at("message"), "short");
}

TEST(RunLog, LinesBeforeOpenAreKeptAndOpenWithoutLinesLeavesAnEmptyFile) {
  const auto folder = test::fresh_folder("run-log-open");
  {
    RunLog log;
    log.write(BOPP_LOG_DEBUG, "algo", "while being created");
    log.open(folder, true);
    log.set_evaluations(4);
    log.write(BOPP_LOG_ERROR, "algo", "after");
    log.flush();
  }
  const auto lines = read_lines(folder / "log.jsonl");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].at("evaluations"), 0);
  EXPECT_EQ(lines[0].at("message"), "while being created");
  EXPECT_EQ(lines[1].at("evaluations"), 4);
  EXPECT_EQ(lines[1].at("level"), "error");

  const auto empty = test::fresh_folder("run-log-empty");
  {
    RunLog log;
    log.open(empty, false);
  }
  ASSERT_TRUE(std::filesystem::exists(empty / "log.jsonl"));
  EXPECT_EQ(std::filesystem::file_size(empty / "log.jsonl"), 0u);
}

TEST(RunLog, LinesFromManyThreadsStayWhole) {
  const auto folder = test::fresh_folder("run-log-threads");
  constexpr int kThreads = 8, kLines = 200;
  {
    RunLog log;
    log.open(folder, false);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&log, t] {
        // Long enough that a line takes more than one buffer's worth of a stream.
        for (int i = 0; i < kLines; ++i)
          log.write(BOPP_LOG_INFO, std::string("t").append(std::to_string(t)),
                    std::to_string(i) + std::string(5000, static_cast<char>('a' + t)));
      });
    }
    for (auto& th : threads) th.join();
  }
  const auto lines = read_lines(folder / "log.jsonl");
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(kThreads * kLines));
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& j : lines)
    seen.insert({j.at("plugin").get<std::string>(), j.at("message").get<std::string>()});
  EXPECT_EQ(seen.size(), lines.size());
}

// A line that does not fit (a full disk) is dropped whole: the lines before it, and any that
// fit after it, stay readable.
TEST(RunLog, ALineThatDoesNotFitIsDroppedWhole) {
  const auto folder = test::fresh_folder("log-full");
  const std::string message = test::error_with_file_size_limit(300, [&] {
    RunLog log;
    log.open(folder, true);
    log.write(BOPP_LOG_INFO, "p", std::string(100, 'a'));
    log.write(BOPP_LOG_INFO, "p", std::string(400, 'b'));  // past the limit
    log.write(BOPP_LOG_INFO, "p", "short");
  });
  EXPECT_EQ(message, "");
  const auto lines = read_lines(folder / "log.jsonl");  // throws on a torn line
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].at("message"), std::string(100, 'a'));
  EXPECT_EQ(lines[1].at("message"), "short");
}

}  // namespace
}  // namespace bopp::host
