// The SHA-1 that fingerprints checkpoints (the standard's test vectors, fed whole or in pieces)
// and the durations a time limit is written in.
#include <bopp/host/common/duration_text.hpp>
#include <bopp/host/common/sha1_digest.hpp>

#include <gtest/gtest.h>

#include <string>

namespace bopp::host {
namespace {

TEST(Sha1Digest, GivesTheStandardDigestsWholeOrInPieces) {
  EXPECT_EQ(sha1_hex(std::string_view("")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  EXPECT_EQ(sha1_hex(std::string_view("abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
  const std::string text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  EXPECT_EQ(sha1_hex(std::string_view(text)), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  Sha1Digest pieces;
  pieces.add(std::string_view(text).substr(0, 7));
  EXPECT_EQ(pieces.hex(), sha1_hex(std::string_view(text).substr(0, 7)));  // hex() ends nothing
  pieces.add(std::string_view(text).substr(7));
  EXPECT_EQ(pieces.hex(), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

TEST(DurationText, ReadsHoursMinutesSecondsOrPlainSeconds) {
  EXPECT_EQ(parse_duration("3h50m"), 13800.0);
  EXPECT_EQ(parse_duration("90m"), 5400.0);
  EXPECT_EQ(parse_duration("45s"), 45.0);
  EXPECT_EQ(parse_duration("1h2m3s"), 3723.0);
  EXPECT_EQ(parse_duration("0.5h"), 1800.0);
  EXPECT_EQ(parse_duration("600"), 600.0);
  EXPECT_EQ(parse_duration("0.25"), 0.25);
  for (const char* bad : {"", "0", "0s", "-3m", "3m50h", "3h3h", "3h50", "h", "5 m", "1e3", "3x",
                          "inf", "nan", "3h-"}) {
    EXPECT_FALSE(parse_duration(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace bopp::host
