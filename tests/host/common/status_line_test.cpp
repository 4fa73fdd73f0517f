// The progress line stays out of files and pipes: only a terminal gets redrawn lines.
#include <bopp/host/common/status_line.hpp>

#include <gtest/gtest.h>

#include <cstdio>

namespace bopp::host {
namespace {

TEST(StatusLine, WritesNothingToAStreamThatIsNotATerminal) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    StatusLine line(file);
    EXPECT_FALSE(line.active());
    line.draw("  3/10 evaluations");
    line.clear();
    EXPECT_FALSE(line.drawn());
  }
  EXPECT_EQ(std::ftell(file), 0L);
  std::fclose(file);
}

TEST(StatusLine, NoStreamIsSilent) {
  StatusLine line(nullptr);
  EXPECT_FALSE(line.active());
  line.draw("x");
  line.finish();
  EXPECT_FALSE(line.drawn());
}

}  // namespace
}  // namespace bopp::host
