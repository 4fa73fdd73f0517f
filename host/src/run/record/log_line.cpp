#include <bopp/host/common/json_text.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/run/record/json_lines.hpp>
#include <bopp/host/run/record/log_line.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include <nlohmann/json.hpp>

namespace bopp::host {
namespace key = record_key;

std::string log_line(std::uint64_t evaluations, const std::string& plugin, std::int32_t level,
                     const std::string& message) {
  std::string text = message;
  if (text.size() > kMaxLogMessageBytes) {
    text.resize(kMaxLogMessageBytes);
    text += " [cut: the message had " + std::to_string(message.size()) + " bytes]";
  }
  const nlohmann::json line = {{key::kEvaluations, evaluations},
                               {key::kPlugin, plugin},
                               {key::kLevel, log_level_name(level)},
                               {key::kMessage, std::move(text)}};
  // A cut (or a plugin's bad bytes) may leave invalid UTF-8, which JSON cannot hold.
  return json_text(line) + "\n";
}

std::optional<std::uint64_t> logged_evaluations(std::string_view line) {
  return unsigned_in_line(line, key::kEvaluations);
}

}  // namespace bopp::host
