#include <bopp/host/bench/bench_run_state.hpp>

#include <array>
#include <utility>

namespace bopp::host {
namespace {

constexpr std::array<std::pair<BenchRunState, std::string_view>, 6> kNames = {{
    {BenchRunState::pending, "pending"},
    {BenchRunState::running, "running"},
    {BenchRunState::completed, "completed"},
    {BenchRunState::skipped, "skipped"},
    {BenchRunState::failed, "failed"},
    {BenchRunState::stopped, "stopped"},
}};

}  // namespace

std::string_view to_string(BenchRunState state) {
  for (const auto& [value, name] : kNames) {
    if (value == state) return name;
  }
  return "unknown";
}

std::string_view index_text(BenchRunState state) {
  return to_string(state == BenchRunState::skipped ? BenchRunState::completed : state);
}

std::optional<BenchRunState> parse_bench_run_state(std::string_view text) {
  for (const auto& [value, name] : kNames) {
    if (name == text) return value;
  }
  return std::nullopt;
}

}  // namespace bopp::host
