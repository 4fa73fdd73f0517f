// A finite function read from a table: the distinct feature rows are the candidates, and each
// candidate's value is its target rescaled to [0, 1].
#pragma once

#include "csv_table.hpp"

#include <bopp/kit/problem.hpp>

#include <Eigen/Core>

#include <optional>
#include <string>
#include <unordered_map>

namespace bopp::dataset {

class DataSet {
 public:
  // Every column but `target_column` is a feature. Rows with the same features (bit for bit)
  // are one candidate whose target is their mean: a function has one value per point. The
  // targets are then mapped affinely onto [0, 1], so the best candidate's value is exactly 1.
  // Throws std::runtime_error naming `source` when every target is equal.
  DataSet(const CsvTable& table, Eigen::Index target_column, const std::string& source);

  const Points& candidates() const { return candidates_; }
  const Eigen::VectorXd& values() const { return values_; }
  // How many data rows were folded into an earlier row with the same features.
  Eigen::Index merged_rows() const { return merged_rows_; }
  // The candidate whose features equal `x` bit for bit (−0 and +0 are one value), if any.
  std::optional<Eigen::Index> find(const Eigen::Ref<const Eigen::VectorXd>& x) const;

 private:
  Points candidates_;
  Eigen::VectorXd values_;
  Eigen::Index merged_rows_ = 0;
  std::unordered_map<std::string, Eigen::Index> index_;
};

// The column `target` names in `table`: a header name, or else a 0-based column index written
// in decimal; empty means the last column. Throws std::runtime_error naming `source` and the
// columns when it names none.
Eigen::Index target_column(const CsvTable& table, const std::string& target,
                           const std::string& source);

}  // namespace bopp::dataset
