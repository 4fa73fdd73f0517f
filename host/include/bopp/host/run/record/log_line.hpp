// bopp/host/run/record/log_line.hpp: a line of log.jsonl, written and read back
// (docs/run-record.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bopp::host {

// A message longer than this is cut, with a note saying how long it was: one runaway
// plugin must not fill the disk with one line.
inline constexpr std::size_t kMaxLogMessageBytes = 64 * 1024;

// One line of log.jsonl, newline included: the evaluations told so far, the plugin, the level
// and the message.
// The message is cut at kMaxLogMessageBytes; bytes that are not UTF-8 become U+FFFD.
std::string log_line(std::uint64_t evaluations, const std::string& plugin, std::int32_t level,
                     const std::string& message);

// The number of evaluations told when a line of log.jsonl was logged, when the line is an
// object with an unsigned `evaluations`; nullopt for anything else.
std::optional<std::uint64_t> logged_evaluations(std::string_view line);

}  // namespace bopp::host
