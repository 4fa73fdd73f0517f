// A numeric CSV file as read by the dataset objective: a header line of column names, then
// rows of finite numbers, every row as wide as the header.
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bopp::dataset {

// Files larger than this are refused before they are read: a data set is read whole into
// memory, and a path in an experiment file is untrusted (house rule 12, docs/architecture.md).
inline constexpr std::uintmax_t max_csv_bytes = std::uintmax_t{1} << 30;  // 1 GiB

struct CsvTable {
  std::vector<std::string> names;  // the header's column names, trimmed
  Eigen::MatrixXd values;          // one row per data line
  std::vector<std::size_t> lines;  // the file line (1-based) of each row
};

// Reads `path`. Throws std::runtime_error naming the file (and the line, for a bad line) when
// the path is not a regular file, is larger than max_csv_bytes, has no header or no data
// row, has fewer than two columns, a ragged row, an empty field, or a field that is not a
// finite number. Blank lines are skipped; fields may be padded with spaces; CRLF line ends
// are accepted.
CsvTable read_csv_table(const std::filesystem::path& path);

}  // namespace bopp::dataset
