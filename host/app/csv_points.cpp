#include "csv_points.hpp"

#include <bopp/host/common/errors.hpp>

#include <charconv>
#include <vector>

namespace bopp::cli {
namespace {

// Splits a line on commas, spaces and tabs into numbers; false if a field is not a number.
bool parse_numbers(const std::string& line, std::vector<double>& out) {
  out.clear();
  const char* p = line.data();
  const char* end = p + line.size();
  auto separator = [](char c) { return c == ',' || c == ' ' || c == '\t' || c == '\r'; };
  while (p < end) {
    while (p < end && separator(*p)) ++p;
    if (p == end) break;
    double value = 0.0;
    auto [next, ec] = std::from_chars(p, end, value);
    if (ec != std::errc() || (next < end && !separator(*next))) return false;
    out.push_back(value);
    p = next;
  }
  return true;
}

}  // namespace

bopp::Points read_csv_points(std::istream& in, const std::string& source, Eigen::Index dim) {
  std::vector<double> values;
  std::vector<double> row;
  std::string line;
  std::size_t number = 0;
  bool first_content = true;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r,") == std::string::npos || line[0] == '#') continue;
    const bool numeric = parse_numbers(line, row);
    if (first_content && !numeric) {  // a header
      first_content = false;
      continue;
    }
    first_content = false;
    if (!numeric)
      throw host::Error(source + ":" + std::to_string(number) + ": not a row of numbers");
    if (static_cast<Eigen::Index>(row.size()) != dim) {
      throw host::Error(source + ":" + std::to_string(number) + ": expected " +
                        std::to_string(dim) + " numbers (the objective's dimension), got " +
                        std::to_string(row.size()));
    }
    values.insert(values.end(), row.begin(), row.end());
  }
  const auto rows = static_cast<Eigen::Index>(values.size()) / dim;
  return bopp::ConstPointsMap(values.data(), rows, dim);
}

}  // namespace bopp::cli
