#include <bopp/host/run/record/run_status.hpp>

#include <array>
#include <utility>

namespace bopp::host {
namespace {

constexpr std::array<std::pair<RunStatus, std::string_view>, 4> kNames = {{
    {RunStatus::running, "running"},
    {RunStatus::completed, "completed"},
    {RunStatus::stopped, "stopped"},
    {RunStatus::failed, "failed"},
}};

}  // namespace

std::string_view to_string(RunStatus status) {
  for (const auto& [value, name] : kNames) {
    if (value == status) return name;
  }
  return "unknown";
}

std::optional<RunStatus> parse_run_status(std::string_view text) {
  for (const auto& [value, name] : kNames) {
    if (name == text) return value;
  }
  return std::nullopt;
}

}  // namespace bopp::host
