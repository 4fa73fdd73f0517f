// bopp/kit/message_text.hpp: input text as an error message may quote it: valid UTF-8, and
// capped, so that a huge or binary value cannot flood a terminal or break a JSON record.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace bopp {

// Most bytes of an input that a message repeats.
inline constexpr std::size_t kEchoLimit = 200;

// The length of the well-formed UTF-8 character at the start of `text`, or 0 when its
// first byte does not start one (RFC 3629: no overlong forms, no surrogates, <= U+10FFFF).
inline std::size_t utf8_character_length(std::string_view text) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return length;
}

inline bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_character_length(text.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// `text` for a one-line message: a control byte, or a byte that is not part of a UTF-8
// character, written as \x0A or \xFF, and, past kEchoLimit bytes, cut at a character
// boundary and ended with "..." and the length.
inline std::string echo(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && i < kEchoLimit) {
    const std::size_t n = utf8_character_length(text.substr(i));
    const auto byte = static_cast<unsigned char>(text[i]);
    if (n == 0 || byte < 0x20 || byte == 0x7F) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
      out += escaped;
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace bopp
