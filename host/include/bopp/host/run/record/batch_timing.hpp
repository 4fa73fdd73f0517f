// bopp/host/run/record/batch_timing.hpp: a line of batches.jsonl, written and read back
// (docs/run-record.md).
#pragma once

#include <bopp/host/common/time_spent.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace bopp::host {

// One line of batches.jsonl: where the time of one ask/evaluate/tell round went.
struct BatchTiming {
  std::uint64_t batch = 0;
  std::uint64_t points = 0;
  double ask_seconds = 0.0;
  double evaluation_seconds = 0.0;
  double tell_seconds = 0.0;
  // The process's CPU seconds in the ask and in the tells; unknown in an asynchronous run and
  // in a line written before they were kept.
  double ask_cpu_seconds = kUnknownSeconds;
  double tell_cpu_seconds = kUnknownSeconds;
  // Asynchronous runs: the indices asked before and not yet told when this batch was asked.
  std::optional<std::vector<std::uint64_t>> pending;
};

nlohmann::json to_json(const BatchTiming& timing);

// The batch a line of batches.jsonl times, when the line is an object with an unsigned
// `batch`; nullopt for anything else (timings only: a resumed run keeps the lines up to there).
std::optional<std::uint64_t> timed_batch(std::string_view line);
// The line's ask_time + tell_time, when it reads as JSON with both finite and not negative,
// with ask_cpu_time + tell_cpu_time beside them (unknown unless both are there, finite and not
// negative).
std::optional<TimeSpent> ask_and_tell_time(std::string_view line);

// Reads every line of a batches.jsonl; a line that does not read is an Error naming it.
std::vector<BatchTiming> read_batch_timings(const std::filesystem::path& file);

}  // namespace bopp::host
