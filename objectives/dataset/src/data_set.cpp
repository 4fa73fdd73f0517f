#include "data_set.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace bopp::dataset {
namespace {

// The bytes of a row, the key of the bit-for-bit lookup; adding 0.0 turns −0 into +0.
std::string row_key(const Eigen::Ref<const Eigen::VectorXd>& x) {
  std::string key(static_cast<std::size_t>(x.size()) * sizeof(double), '\0');
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    const double v = x[k] + 0.0;
    std::memcpy(key.data() + static_cast<std::size_t>(k) * sizeof(double), &v, sizeof v);
  }
  return key;
}

}  // namespace

DataSet::DataSet(const CsvTable& table, Eigen::Index target_column, const std::string& source) {
  const Eigen::Index rows = table.values.rows();
  const Eigen::Index dim = table.values.cols() - 1;
  candidates_.resize(rows, dim);
  Eigen::VectorXd sums(rows);
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(rows);
  Eigen::Index unique = 0;
  Eigen::VectorXd x(dim);
  // Targets near ±1e308 overflow a sum or a difference: they are divided first by the power
  // of two 2^e <= max|target| < 2^(e+1). That is exact (the rescaled values are the bits they
  // would be without it) and leaves every target below 2, so sums, means and differences stay
  // finite.
  const double largest = table.values.col(target_column).cwiseAbs().maxCoeff();
  int exponent = 1;
  (void)std::frexp(largest, &exponent);
  const double scale = largest > 0.0 ? std::ldexp(1.0, exponent - 1) : 1.0;
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index c = 0, k = 0; c < table.values.cols(); ++c)
      if (c != target_column) x[k++] = table.values(r, c) + 0.0;
    const auto [it, inserted] = index_.try_emplace(row_key(x), unique);
    if (inserted) {
      candidates_.row(unique) = x.transpose();
      sums[unique] = 0.0;
      ++unique;
    } else {
      ++merged_rows_;
    }
    sums[it->second] += table.values(r, target_column) / scale;
    counts[it->second] += 1.0;
  }
  candidates_.conservativeResize(unique, dim);
  const Eigen::VectorXd means = sums.head(unique).cwiseQuotient(counts.head(unique));
  const double lo = means.minCoeff();
  const double hi = means.maxCoeff();
  if (!(hi > lo)) {
    throw std::runtime_error(source + ": every value of the target column '" +
                             table.names[static_cast<std::size_t>(target_column)] +
                             "' is the same; there is nothing to optimize");
  }
  values_ = (means.array() - lo) / (hi - lo);
}

std::optional<Eigen::Index> DataSet::find(const Eigen::Ref<const Eigen::VectorXd>& x) const {
  if (x.size() != candidates_.cols()) return std::nullopt;
  const auto it = index_.find(row_key(x));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

Eigen::Index target_column(const CsvTable& table, const std::string& target,
                           const std::string& source) {
  const auto columns = static_cast<Eigen::Index>(table.names.size());
  if (target.empty()) return columns - 1;
  for (Eigen::Index c = 0; c < columns; ++c)
    if (table.names[static_cast<std::size_t>(c)] == target) return c;
  long long index = -1;
  const char* end = target.data() + target.size();
  const auto [stop, error] = std::from_chars(target.data(), end, index);
  if (error == std::errc() && stop == end && index >= 0 && index < columns)
    return static_cast<Eigen::Index>(index);
  std::string names;
  for (const std::string& n : table.names) names += (names.empty() ? "'" : ", '") + n + "'";
  throw std::runtime_error(source + ": no column '" + target + "' (columns " + names +
                           ", or an index 0.." + std::to_string(columns - 1) + ")");
}

}  // namespace bopp::dataset
