// `bopp eval`'s points: every row is a point or an error with its line, and every value
// reaches stdout as soon as it is computed.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>
#include <string>

namespace bopp::test {
namespace {

// Runs `bopp eval ARGS` with `stdin_text` as its input and the test plugins on the path.
Outcome eval(const std::string& args, const std::string& stdin_text = "") {
  return run_bopp_line("eval " + args, {"c", "contract-raw"}, stdin_text);
}

std::size_t lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(EvalPoints, AHeaderIsARowWithNoNumber) {
  const Outcome o = eval("c_quadratic --points -", "x1, x2\n0.3,0.3\n0.2,0.2\n");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines(o.out), 2u) << o.out;
}

TEST(EvalPoints, AFirstRowWithALeadingPlusIsAPoint) {
  const Outcome o = eval("c_quadratic --points -", "+0.5,0.3\n0.2,+0.2\n");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines(o.out), 2u) << o.out;
}

TEST(EvalPoints, ATypoInTheFirstRowIsAnErrorWithItsLine) {
  const Outcome o = eval("c_quadratic --points -", "0.5,0.3x\n0.2,0.2\n");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("<stdin>:1:"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("0.3x"), std::string::npos) << o.err;
}

TEST(EvalPoints, QuotedNumbersAreAnErrorNotAHeader) {
  const Outcome o = eval("c_quadratic --points -", "\"0.5\",\"0.3\"\n0.2,0.2\n");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("<stdin>:1:"), std::string::npos) << o.err;
}

TEST(EvalPoints, ALaterBadRowIsAnErrorWithItsLine) {
  const Outcome o = eval("c_quadratic --points -", "x1,x2\n0.2,0.2\nx1,x2\n");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("<stdin>:3:"), std::string::npos) << o.err;
}

TEST(EvalPoints, AUtf8ByteOrderMarkIsSkipped) {
  const Outcome o = eval("c_quadratic --points -",
                         "\xEF\xBB\xBF"
                         "0.5,0.3\n0.2,0.2\r\n");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines(o.out), 2u) << o.out;
  const Outcome header = eval("c_quadratic --points -",
                              "\xEF\xBB\xBF"
                              "x1,x2\n0.2,0.2\n");
  EXPECT_EQ(header.exit_code, 0) << header.err;
  EXPECT_EQ(lines(header.out), 1u) << header.out;
}

TEST(EvalPoints, AFolderAsThePointsFileIsAnError) {
  const auto folder = fresh_folder("points-folder");
  const Outcome o = eval("c_quadratic --points '" + folder.string() + "'");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find(folder.string()), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("is a folder"), std::string::npos) << o.err;
}

// A device or a FIFO would never end or never start: refused unread, with one line.
TEST(EvalPoints, APointsFileThatIsNotARegularFileIsRefusedUnread) {
  const auto fifo = fresh_folder("points-fifo") / "points.csv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  for (const std::string& file : {std::string("/dev/zero"), fifo.string()}) {
    const Outcome o = eval("c_quadratic --points '" + file + "'");
    EXPECT_EQ(o.exit_code, 1) << o.err;
    EXPECT_NE(o.err.find(file), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("cannot read the points file: not a regular file"), std::string::npos)
        << o.err;
  }
}

TEST(EvalPoints, ValuesComputedBeforeACrashAreKept) {
  const Outcome o = eval("aborting_objective --points -", "0.1\n0.2\n0.9\n0.3\n");
  EXPECT_NE(o.exit_code, 0);
  EXPECT_EQ(o.out, "0.10000000000000001\n0.20000000000000001\n");
}

// `0.1;0.2` is one field that is no number: taken as a header, it left no point, and eval
// printed nothing and exited 0. No point at all is an error that says why.
TEST(EvalPoints, NoPointIsAnErrorThatSaysWhy) {
  for (const char* text : {"0.1;0.2\n", "", "x1,x2\n# only a comment\n"}) {
    SCOPED_TRACE(text);
    const Outcome o = eval("c_quadratic --points -", text);
    EXPECT_EQ(o.exit_code, 1);
    EXPECT_EQ(o.out, "");
    EXPECT_NE(o.err.find("<stdin>: no points"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("commas, spaces or tabs"), std::string::npos) << o.err;
  }
}

// A negative seed wrapped round to 2^64 - 1; a seed is refused unless it is a whole number in
// 0..2^64 - 1.
TEST(EvalPoints, ANegativeSeedIsRefused) {
  for (const char* seed : {"-1", "1.5", "x", "18446744073709551616"}) {
    SCOPED_TRACE(seed);
    const Outcome o = eval(std::string("c_quadratic --points - --seed ") + seed, "0.2,0.2\n");
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(o.out, "");
    EXPECT_NE(o.err.find("--seed expects a whole number from 0 to 2^64 - 1"), std::string::npos)
        << o.err;
  }
  const Outcome largest = eval("c_quadratic --points - --seed 18446744073709551615", "0.2,0.2\n");
  EXPECT_EQ(largest.exit_code, 0) << largest.err;
  EXPECT_EQ(lines(largest.out), 1u);
}

}  // namespace
}  // namespace bopp::test
