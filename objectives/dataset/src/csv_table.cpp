#include "csv_table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
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

// The file's bytes, read from one descriptor: opened without blocking (a FIFO would wait for
// a writer), checked to be a regular file (a FIFO, /dev/zero or a folder is refused unread),
// and read no further than the limit even if the file grows meanwhile.
std::string read_bounded(const std::filesystem::path& path) {
  const std::string name = path.string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT) throw std::runtime_error(name + ": no such file");
    throw std::runtime_error(name + ": cannot open: " + std::strerror(errno));
  }
  std::string text;
  std::string error;
  struct stat s {};
  if (::fstat(fd, &s) != 0) {
    error = std::string("cannot read it: ") + std::strerror(errno);
  } else if (!S_ISREG(s.st_mode)) {
    error = "not a regular file";
  } else if (static_cast<std::uintmax_t>(s.st_size) > max_csv_bytes) {
    error = std::to_string(s.st_size) + " bytes, more than the data-set limit of 1 GiB";
  } else {
    text.reserve(static_cast<std::size_t>(s.st_size));
    char buffer[1 << 16];
    while (error.empty()) {
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) error = std::string("cannot read it: ") + std::strerror(errno);
      if (n <= 0) break;
      text.append(buffer, static_cast<std::size_t>(n));
      if (text.size() > max_csv_bytes) error = "more than the data-set limit of 1 GiB";
    }
  }
  ::close(fd);
  if (!error.empty()) throw std::runtime_error(name + ": " + error);
  return text;
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
