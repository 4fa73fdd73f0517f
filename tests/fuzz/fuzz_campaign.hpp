// fuzz_campaign.hpp: one target fed its seed corpus and then mutated inputs, in-process, with a
// watchdog for hangs and the failing input printed (hex-escaped, with the seed) so it can be
// replayed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::fuzz {

// A parser's entry: takes one input, throws host::Error (a parse error, one line for the
// user) or nothing. Anything else escaping is a bug.
using Entry = void (*)(std::string_view input);

struct CampaignSettings {
  std::uint64_t seed = 0;
  std::size_t mutations = 0;  // mutated inputs, after the corpus entries
  // Longer than this on one input is a hang: inputs take about a millisecond under ASan, so the
  // margin covers a loaded shared machine; only a real hang reaches it.
  double input_seconds = 10.0;
  bool verbose = false;  // print every host::Error, to see what the corpus reaches
};

// The settings from the environment: BOPP_FUZZ_SEED, BOPP_FUZZ_RUNS (mutated inputs per
// target), BOPP_FUZZ_INPUT_SECONDS and BOPP_FUZZ_VERBOSE, with the defaults CI runs.
CampaignSettings settings_from_environment();

struct CampaignResult {
  std::size_t inputs = 0;             // corpus entries and mutations run
  std::size_t rejected = 0;           // ended in host::Error
  std::vector<std::string> failures;  // each names the input, the seed and what escaped
};

// Every file of `folder`, sorted by name, as bytes.
std::vector<std::string> read_corpus(const std::filesystem::path& folder);

// Runs `entry` on each corpus entry, then on `settings.mutations` mutated inputs. A hang
// (the watchdog) or a sanitizer report ends the process after printing the input; other
// failures are collected and the campaign goes on.
CampaignResult run_campaign(const std::string& target, Entry entry,
                            const std::vector<std::string>& corpus,
                            const CampaignSettings& settings);

// `input` as a C string literal: printable ASCII kept, everything else \xNN.
std::string hex_escaped(std::string_view input);

}  // namespace bopp::fuzz
