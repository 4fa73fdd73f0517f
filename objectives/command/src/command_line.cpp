#include "command_line.hpp"

#include <nlohmann/json.hpp>

#include <charconv>

namespace bopp::command {

std::string number_text(double value) {
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

std::optional<std::vector<std::string>> parse_argv(const std::string& text, std::string& why) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_array() || j.empty()) {
    why = "must be a non-empty JSON array of strings, as '[\"python3\", \"model.py\"]'";
    return std::nullopt;
  }
  std::vector<std::string> argv;
  for (const nlohmann::json& item : j) {
    if (!item.is_string()) {
      why = "must hold only strings; " + item.dump() + " is not one";
      return std::nullopt;
    }
    argv.push_back(item.get<std::string>());
  }
  return argv;
}

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::vector<std::string> point_arguments(const std::vector<std::string>& argv,
                                         std::span<const double> x, std::uint64_t seed,
                                         bool append) {
  std::vector<std::string> out = argv;
  bool named = false;
  for (std::string& arg : out) {
    // Highest index first: "{x1}" must not be taken for the start of "{x12}".
    for (std::size_t i = x.size(); i-- > 0;) {
      const std::string key = "{x" + std::to_string(i) + "}";
      if (arg.find(key) != std::string::npos) named = true;
      replace_all(arg, key, number_text(x[i]));
    }
    replace_all(arg, "{seed}", std::to_string(seed));
  }
  if (append && !named) {
    for (double xi : x) out.push_back(number_text(xi));
  }
  return out;
}

std::string point_json(std::span<const double> x, std::uint64_t seed) {
  nlohmann::json j;
  j["x"] = std::vector<double>(x.begin(), x.end());
  j["seed"] = seed;
  return j.dump() + "\n";
}

std::optional<double> parse_last_line(const std::string& out) {
  const char* const space = " \t\r\n";
  const std::size_t last = out.find_last_not_of(space);
  if (last == std::string::npos) return std::nullopt;
  const std::size_t line_start = out.find_last_of('\n', last);
  std::size_t first = line_start == std::string::npos ? 0 : line_start + 1;
  first = out.find_first_not_of(" \t\r", first);
  double y = 0.0;
  const char* begin = out.data() + first;
  const char* end = out.data() + last + 1;
  if (*begin == '+') ++begin;  // from_chars takes no plus sign; programs print one
  const auto [ptr, ec] = std::from_chars(begin, end, y);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return y;
}

}  // namespace bopp::command
