#include <bopp/host/common/name_suggestion.hpp>

#include <algorithm>
#include <cctype>
#include <numeric>

namespace bopp::host {
namespace {

// Levenshtein distance, case-insensitive, with '-' and '_' treated as equal.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  auto norm = [](char c) {
    return c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitute = diagonal + (norm(a[i - 1]) == norm(b[j - 1]) ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view typed,
                                        const std::vector<std::string>& known) {
  std::optional<std::string> best;
  std::size_t best_distance = std::max<std::size_t>(1, (typed.size() + 2) / 3) + 1;
  for (const std::string& name : known) {
    const std::size_t d = edit_distance(typed, name);
    if (d < best_distance) {
      best_distance = d;
      best = name;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
  auto best = closest_name(typed, known);
  return best ? " (did you mean '" + *best + "'?)" : std::string();
}

std::string unknown_name(std::string_view what, std::string_view typed,
                         const std::vector<std::string>& known) {
  std::string message = "unknown ";
  message.append(what).append(" '").append(typed).append("'");
  return message + did_you_mean(typed, known);
}

}  // namespace bopp::host
