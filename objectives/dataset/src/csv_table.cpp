#include "csv_table.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <system_error>

namespace bopp::dataset {
namespace {

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(trim(line.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fields;
}

// The number a field holds, or an error naming its column; NaN and ±Inf are refused
// because a target or coordinate that is not finite has no place in a candidate set.
double parse_number(std::string_view field, std::size_t column, const std::string& where) {
  if (field.empty())
    throw std::runtime_error(where + "column " + std::to_string(column + 1) + " is empty");
  double value = 0.0;
  const char* end = field.data() + field.size();
  // from_chars does not take a leading '+'; a CSV writer may.
  const char* begin = field.front() == '+' ? field.data() + 1 : field.data();
  const auto [stop, error] = std::from_chars(begin, end, value);
  if (error != std::errc() || stop != end) {
    throw std::runtime_error(where + "column " + std::to_string(column + 1) + " ('" +
                             std::string(field) + "') is not a number");
  }
  if (!std::isfinite(value)) {
    throw std::runtime_error(where + "column " + std::to_string(column + 1) + " ('" +
                             std::string(field) + "') is not a finite number");
  }
  return value;
}

std::string read_bounded(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw std::runtime_error(name + ": no such file");
  if (!std::filesystem::is_regular_file(status))
    throw std::runtime_error(name + ": not a regular file");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) throw std::runtime_error(name + ": cannot read its size: " + ec.message());
  if (size > max_csv_bytes) {
    throw std::runtime_error(name + ": " + std::to_string(size) +
                             " bytes, more than the data-set limit of 1 GiB");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(name + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  // The file may grow between the size check and the read; the cap holds on what was read.
  if (text.str().size() > max_csv_bytes)
    throw std::runtime_error(name + ": more than the data-set limit of 1 GiB");
  return std::move(text).str();
}

}  // namespace

CsvTable read_csv_table(const std::filesystem::path& path) {
  const std::string text = read_bounded(path);
  const std::string name = path.string();
  CsvTable table;
  std::vector<double> values;
  std::size_t line_number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line = std::string_view(text).substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (trim(line).empty()) continue;
    const std::vector<std::string_view> fields = split_fields(line);
    const std::string where = name + ":" + std::to_string(line_number) + ": ";
    if (table.names.empty()) {
      if (fields.size() < 2) {
        throw std::runtime_error(where +
                                 "the header names one column; a data set needs at least one "
                                 "feature column and a target column");
      }
      for (std::string_view f : fields) table.names.emplace_back(f);
      continue;
    }
    if (fields.size() != table.names.size()) {
      throw std::runtime_error(where + std::to_string(fields.size()) + " fields, the header has " +
                               std::to_string(table.names.size()));
    }
    for (std::size_t c = 0; c < fields.size(); ++c)
      values.push_back(parse_number(fields[c], c, where));
    table.lines.push_back(line_number);
  }
  if (table.names.empty()) throw std::runtime_error(name + ": empty, no header line");
  if (table.lines.empty()) throw std::runtime_error(name + ": a header and no data row");
  const auto rows = static_cast<Eigen::Index>(table.lines.size());
  const auto cols = static_cast<Eigen::Index>(table.names.size());
  table.values =
      Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
          values.data(), rows, cols);
  return table;
}

}  // namespace bopp::dataset
