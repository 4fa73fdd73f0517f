#include <bopp/host/common/duration_text.hpp>

#include <charconv>
#include <cmath>
#include <string>

namespace bopp::host {

std::optional<double> parse_duration(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  if (p == end) return std::nullopt;
  double seconds = 0.0;
  const std::string_view units = "hms";
  std::size_t next_unit = 0;  // units come largest first, each once
  bool bare = false;
  while (p != end) {
    double value = 0.0;
    const auto [after, error] = std::from_chars(p, end, value, std::chars_format::fixed);
    if (error != std::errc() || !std::isfinite(value) || value < 0.0 || bare) return std::nullopt;
    p = after;
    if (p == end) {
      if (next_unit != 0) return std::nullopt;  // "3h50": minutes or seconds?
      seconds = value;
      bare = true;
      continue;
    }
    const std::size_t unit = units.find(*p, next_unit);
    if (unit == std::string_view::npos) return std::nullopt;
    seconds += value * (unit == 0 ? 3600.0 : unit == 1 ? 60.0 : 1.0);
    next_unit = unit + 1;
    ++p;
  }
  if (!(seconds > 0.0)) return std::nullopt;
  return seconds;
}

}  // namespace bopp::host
