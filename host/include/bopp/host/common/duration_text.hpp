// bopp/host/common/duration_text.hpp: spans of wall-clock time as a user writes them
// ("3h50m", "90m", "45s", "1.5h", or a plain number of seconds).
#pragma once

#include <optional>
#include <string_view>

namespace bopp::host {

// The seconds `text` names: numbers each followed by h, m or s (in that order, each at most
// once), or one number alone (seconds). Empty when it is not such a duration or not positive.
std::optional<double> parse_duration(std::string_view text);

// The forms an error message names.
inline constexpr std::string_view kDurationForms = "'3h50m', '90m', '45s' or a number of seconds";

}  // namespace bopp::host
