#include "mutator.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

namespace bopp::fuzz {
namespace {

using namespace std::literals;

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '+' ||
         c == '.';
}

// Bytes that end or start tokens in TOML, JSON and CSV.
constexpr std::string_view kSpecialBytes = "\0\n\r\t \"'[]{}=.,#:\\-+e_\x7f\x80\xff"sv;

}  // namespace

const std::vector<std::string>& common_tokens() {
  static const std::vector<std::string> tokens = {"1e308",
                                                  "-1e308",
                                                  "1e-320",
                                                  "-0",
                                                  "0",
                                                  "-1",
                                                  "nan",
                                                  "-nan",
                                                  "+nan",
                                                  "inf",
                                                  "-inf",
                                                  "+inf",
                                                  "9223372036854775807",
                                                  "9223372036854775808",
                                                  "-9223372036854775808",
                                                  "-9223372036854775809",
                                                  "18446744073709551615",
                                                  "18446744073709551616",
                                                  "4294967296",
                                                  "0x7fffffffffffffff",
                                                  "0o777",
                                                  "0b101",
                                                  "1_000",
                                                  "1.",
                                                  ".5",
                                                  "1e",
                                                  "true",
                                                  "false",
                                                  "null",
                                                  "1979-05-27T07:32:00Z",
                                                  "07:32:00",
                                                  "\"",
                                                  "'",
                                                  "\"\"\"",
                                                  "'''",
                                                  "\"\\u0000\"",
                                                  "\"\\uD800\"",
                                                  "[",
                                                  "]",
                                                  "[[",
                                                  "]]",
                                                  "{",
                                                  "}",
                                                  "[]",
                                                  "{}",
                                                  "=",
                                                  ".",
                                                  "..",
                                                  ",",
                                                  "#",
                                                  "\\",
                                                  "\n",
                                                  "\r\n",
                                                  "\r",
                                                  "\t",
                                                  " ",
                                                  "\xEF\xBB\xBF",
                                                  "\xC3\xA9",
                                                  "\xFF\xFE",
                                                  "\xC0\x80",
                                                  "\x00"s,
                                                  "é",
                                                  "a=1",
                                                  "x.y",
                                                  "\"a.b\"",
                                                  "[run]",
                                                  "[objective]",
                                                  "[algorithm]",
                                                  "[evaluator]",
                                                  "[bench]",
                                                  "[[algorithm]]",
                                                  "[[objective]]",
                                                  "name",
                                                  "label",
                                                  "seed",
                                                  "seeds",
                                                  "budget",
                                                  "batch",
                                                  "output",
                                                  "kind",
                                                  "workers",
                                                  "evaluator",
                                                  "status",
                                                  "completed",
                                                  "running",
                                                  "failed",
                                                  "minimize",
                                                  "maximize",
                                                  "runs",
                                                  "folder"};
  return tokens;
}

std::vector<std::string> tokens_of(const std::vector<std::string>& corpus) {
  std::vector<std::string> tokens;
  std::set<std::string> seen;
  for (const std::string& entry : corpus) {
    std::size_t i = 0;
    while (i < entry.size()) {
      if (!is_word_char(entry[i])) {
        ++i;
        continue;
      }
      const std::size_t start = i;
      while (i < entry.size() && is_word_char(entry[i])) ++i;
      std::string token = entry.substr(start, i - start);
      if (token.size() <= 64 && seen.insert(token).second) tokens.push_back(std::move(token));
    }
  }
  return tokens;
}

Mutator::Mutator(std::uint64_t seed, std::vector<std::string> corpus,
                 std::vector<std::string> tokens)
    : rng_(seed), corpus_(std::move(corpus)), tokens_(std::move(tokens)) {
  if (corpus_.empty()) corpus_.emplace_back();
  const auto& common = common_tokens();
  tokens_.insert(tokens_.end(), common.begin(), common.end());
}

std::string Mutator::next() {
  std::string s = any_entry();
  // One mutation half the time, up to four: inputs near the corpus get past the TOML syntax
  // to the schema checks.
  mutate(s);
  for (int r = 1; r < 4 && below(2) == 0; ++r) mutate(s);
  if (s.size() > kMaxSize) s.resize(kMaxSize);
  return s;
}

void Mutator::mutate(std::string& s) {
  const std::size_t pos = below(s.size() + 1);
  switch (below(13)) {
    case 0:  // flip one bit
      if (!s.empty()) s[pos % s.size()] ^= static_cast<char>(1u << below(8));
      break;
    case 1:  // set one byte to a special one
      if (!s.empty()) s[pos % s.size()] = kSpecialBytes[below(kSpecialBytes.size())];
      break;
    case 2: {  // insert a few bytes, special or random
      const std::size_t n = 1 + below(4);
      for (std::size_t i = 0; i < n; ++i) {
        const char c = below(2) == 0 ? kSpecialBytes[below(kSpecialBytes.size())]
                                     : static_cast<char>(below(256));
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(pos), c);
      }
      break;
    }
    case 3:  // delete a range
      if (pos < s.size()) s.erase(pos, 1 + below(std::min<std::size_t>(s.size() - pos, 16)));
      break;
    case 4:  // duplicate a range
      if (pos < s.size())
        s.insert(pos, s.substr(pos, 1 + below(std::min<std::size_t>(s.size() - pos, 64))));
      break;
    case 5: {  // splice: this entry's head, another's tail
      const std::string& other = any_entry();
      s = s.substr(0, pos) + other.substr(below(other.size() + 1));
      break;
    }
    case 6: {  // insert a piece of another entry
      const std::string& other = any_entry();
      const std::size_t from = below(other.size() + 1);
      s.insert(pos, other.substr(from, below(other.size() - from + 1)));
      break;
    }
    default:  // token swaps, near half the time: they keep the input close to valid
      swap_token(s);
      break;
  }
}

void Mutator::swap_token(std::string& s) {
  const std::string& token = tokens_[below(tokens_.size())];
  std::size_t start = below(s.size() + 1);
  if (start < s.size() && is_word_char(s[start])) {
    while (start > 0 && is_word_char(s[start - 1])) --start;
    std::size_t end = start;
    while (end < s.size() && is_word_char(s[end])) ++end;
    s.replace(start, end - start, token);
  } else if (start < s.size()) {
    s.replace(start, 1, token);
  } else {
    s += token;
  }
}

}  // namespace bopp::fuzz
