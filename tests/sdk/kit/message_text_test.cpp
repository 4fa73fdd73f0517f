// Input text as messages quote it: valid UTF-8, and capped.
#include <bopp/kit/message_text.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(MessageText, ShortValidTextIsEchoedWhole) {
  EXPECT_EQ(bopp::echo("noise_std"), "noise_std");
  EXPECT_EQ(bopp::echo("λ = 0.5 °C"), "λ = 0.5 °C");
}

TEST(MessageText, BytesThatAreNotUtf8AreEscaped) {
  EXPECT_EQ(bopp::echo("bad\xff/file"), "bad\\xFF/file");
  EXPECT_EQ(bopp::echo("\xC0\xAF"), "\\xC0\\xAF");            // an overlong '/'
  EXPECT_EQ(bopp::echo("\xED\xA0\x80"), "\\xED\\xA0\\x80");   // a UTF-16 surrogate
  EXPECT_TRUE(bopp::is_valid_utf8(bopp::echo("a\xe2\x82")));  // a cut-off character
  EXPECT_FALSE(bopp::is_valid_utf8("bad\xff"));
  EXPECT_TRUE(bopp::is_valid_utf8("€ and 𝔼"));
}

TEST(MessageText, ControlBytesAreEscapedSoTheMessageStaysOneLine) {
  EXPECT_EQ(bopp::echo("0.5\nevil = 1"), "0.5\\x0Aevil = 1");
  EXPECT_EQ(bopp::echo("a\tb\x7f"), "a\\x09b\\x7F");
}

TEST(MessageText, LongTextIsCutAtACharacterWithAnEllipsisAndItsLength) {
  const std::string huge(1 << 20, 'z');
  const std::string echoed = bopp::echo(huge);
  EXPECT_EQ(echoed, std::string(bopp::kEchoLimit, 'z') + "... (1048576 bytes)");
  // 'é' is two bytes: a cut inside one would leave half a character.
  std::string accents = "a";
  for (int i = 0; i < 200; ++i) accents += "é";
  EXPECT_TRUE(bopp::is_valid_utf8(bopp::echo(accents)));
}

}  // namespace
