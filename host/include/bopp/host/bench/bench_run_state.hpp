// bopp/host/bench/bench_run_state.hpp: where one run of a bench stands.
#pragma once

#include <optional>
#include <string_view>

namespace bopp::host {

enum class BenchRunState {
  pending,    // not started yet
  running,    // its `bopp run` process is going
  completed,  // completed by this bench
  skipped,    // complete before this bench started (index.json says "completed")
  failed,     // failed, crashed or was killed; or its folder holds another experiment
  stopped,    // stopped by the user, or never started because the bench was stopped
};

// The state's name ("skipped").
std::string_view to_string(BenchRunState state);
// What index.json records: a skipped run is "completed" there.
std::string_view index_text(BenchRunState state);
// The state a name gives; nullopt for any other text.
std::optional<BenchRunState> parse_bench_run_state(std::string_view text);

}  // namespace bopp::host
