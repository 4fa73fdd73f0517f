// bopp/host/common/name_suggestion.hpp: "did you mean ...?" for mistyped names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

// The known name closest to `typed` by edit distance, if it is close enough to be a typo
// (at most a third of the typed length, and at least 1 edit away).
std::optional<std::string> closest_name(std::string_view typed,
                                        const std::vector<std::string>& known);

// " (did you mean 'x'?)" or "".
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known);

// "unknown <what> '<typed>'" and did_you_mean's suggestion: the start of every message about
// a name that is not one of `known` (a plugin, a section, an evaluator kind).
std::string unknown_name(std::string_view what, std::string_view typed,
                         const std::vector<std::string>& known);

}  // namespace bopp::host
