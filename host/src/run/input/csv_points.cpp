#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/csv_points.hpp>
#include <bopp/kit/message_text.hpp>

#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

namespace bopp::host {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool is_separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\r'; }

// The fields of a line, split on commas, spaces and tabs.
std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_separator(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_separator(line[i])) ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

// A field as a number, as strtod reads one (a leading '+' too), or nothing.
std::optional<double> number_in(std::string_view field) {
  if (field.size() > 1 && field[0] == '+' && field[1] != '-') field.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size()) return std::nullopt;
  return value;
}

// Whether a field would be a number but for quotes around it ("0.5" or '0.5').
bool is_quoted_number(std::string_view field) {
  if (field.size() < 2 || (field.front() != '"' && field.front() != '\'') ||
      field.back() != field.front()) {
    return false;
  }
  return number_in(field.substr(1, field.size() - 2)).has_value();
}

// A header names the columns: no field in it is a number, even a quoted one.
bool is_header(const std::vector<std::string_view>& fields) {
  for (std::string_view field : fields)
    if (number_in(field) || is_quoted_number(field)) return false;
  return true;
}

}  // namespace

bopp::Points read_csv_points(std::istream& in, const std::string& source, Eigen::Index dim) {
  std::vector<double> values;
  std::string text;
  std::size_t number = 0;
  bool first_content = true;
  while (std::getline(in, text)) {
    ++number;
    std::string_view line = text;
    if (number == 1 && line.starts_with(kByteOrderMark)) line.remove_prefix(kByteOrderMark.size());
    const std::vector<std::string_view> fields = fields_of(line);
    if (fields.empty() || line.front() == '#') continue;
    const std::string where = source + ":" + std::to_string(number) + ": ";
    if (first_content && is_header(fields)) {
      first_content = false;
      continue;
    }
    first_content = false;
    for (std::string_view field : fields) {
      const auto value = number_in(field);
      if (!value) {
        throw Error(where + "'" + echo(field) + "' is not a number" +
                    (is_quoted_number(field) ? " (write numbers without quotes)" : "") +
                    "; only a first line without any number is taken as a header");
      }
      values.push_back(*value);
    }
    if (static_cast<Eigen::Index>(fields.size()) != dim) {
      throw Error(where + "expected " + std::to_string(dim) +
                  " numbers (the objective's dimension), got " + std::to_string(fields.size()));
    }
  }
  if (in.bad()) throw Error(source + ": reading failed at line " + std::to_string(number));
  const auto rows = static_cast<Eigen::Index>(values.size()) / dim;
  return bopp::ConstPointsMap(values.data(), rows, dim);
}

}  // namespace bopp::host
