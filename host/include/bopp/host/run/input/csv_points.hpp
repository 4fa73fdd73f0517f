// bopp/host/run/input/csv_points.hpp: points for `bopp eval`, one per line, comma- or
// space-separated.
#pragma once

#include <bopp/kit/problem.hpp>

#include <istream>
#include <string>

namespace bopp::host {

// Reads rows of `dim` numbers. A UTF-8 byte order mark, empty lines and lines starting with
// '#' are skipped, and so is a first line with no number in it (a header). Any other line
// that is not `dim` numbers throws Error naming `source` and the line: a mistyped
// first row is never mistaken for a header.
bopp::Points read_csv_points(std::istream& in, const std::string& source, Eigen::Index dim);

}  // namespace bopp::host
