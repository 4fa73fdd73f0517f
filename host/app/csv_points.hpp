// csv_points.hpp: points for `bopp eval`, one per line, comma- or space-separated.
#pragma once

#include <bopp/kit/problem.hpp>

#include <istream>
#include <string>

namespace bopp::cli {

// Reads rows of `dim` numbers. Empty lines and lines starting with '#' are skipped, and so
// is a first line that is not numeric (a header). Throws host::Error naming `source` and
// the line when a row has the wrong count or a non-number.
bopp::Points read_csv_points(std::istream& in, const std::string& source, Eigen::Index dim);

}  // namespace bopp::cli
