// mutator.hpp: seeded, deterministic mutations of a corpus of text inputs, for fuzzing the
// host's parsers without libFuzzer (the sanitizer build uses GCC).
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace bopp::fuzz {

// Tokens worth swapping into any input: TOML and JSON punctuation, quotes, numbers at the
// edges of the types (1e308, -0, nan, inf, 2^63), a BOM, CRLF, NUL and non-ASCII bytes.
const std::vector<std::string>& common_tokens();

// Words and numbers found in `corpus` (keys, names, values), each once, in first-seen order.
std::vector<std::string> tokens_of(const std::vector<std::string>& corpus);

// Makes inputs from a corpus: each is one entry with one to four stacked mutations (bit flips,
// byte sets, inserts, deletes, duplications, splices with another entry, token swaps). The
// same seed and corpus give the same inputs, on every platform (no std distributions).
class Mutator {
 public:
  Mutator(std::uint64_t seed, std::vector<std::string> corpus, std::vector<std::string> tokens);

  std::string next();

  // Inputs are cut to this size: the parsers' cost grows with size, not their bugs.
  static constexpr std::size_t kMaxSize = 8192;

 private:
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng_() % n); }
  void mutate(std::string& s);
  void swap_token(std::string& s);
  const std::string& any_entry() { return corpus_[below(corpus_.size())]; }

  std::mt19937_64 rng_;
  std::vector<std::string> corpus_;
  std::vector<std::string> tokens_;
};

}  // namespace bopp::fuzz
