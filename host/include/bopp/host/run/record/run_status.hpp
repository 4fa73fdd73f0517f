// bopp/host/run/record/run_status.hpp: the state of a run, as run.json records it.
#pragma once

#include <optional>
#include <string_view>

namespace bopp::host {

// run.json's `status`: running while the run goes on, then how it ended.
enum class RunStatus {
  running,
  completed,  // the budget was spent
  stopped,    // the user stopped it (SIGINT); the record is valid up to there
  failed,     // an error ended it; run.json's `message` says which
};

// The text run.json holds ("completed").
std::string_view to_string(RunStatus status);
// The status a text names; nullopt for any other text (an older or damaged record).
std::optional<RunStatus> parse_run_status(std::string_view text);

}  // namespace bopp::host
