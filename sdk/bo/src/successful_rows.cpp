#include <bopp/bo/successful_rows.hpp>

#include <bopp/abi.h>

#include <cmath>

namespace bopp::bo {

std::vector<Eigen::Index> successful_rows(const Eigen::VectorXd& y,
                                          std::span<const std::int32_t> status) {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < y.size(); ++i)
    if (status[static_cast<std::size_t>(i)] == BOPP_OK && std::isfinite(y[i])) rows.push_back(i);
  return rows;
}

void append_successful_rows(Eigen::MatrixXd& data_X, Eigen::VectorXd& data_y,
                            const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            std::span<const std::int32_t> status) {
  const std::vector<Eigen::Index> ok = successful_rows(y, status);
  Eigen::Index k = data_X.rows();
  data_X.conservativeResize(k + static_cast<Eigen::Index>(ok.size()), X.cols());
  data_y.conservativeResize(data_X.rows());
  for (const Eigen::Index i : ok) {
    data_X.row(k) = X.row(i);
    data_y[k++] = y[i];
  }
}

}  // namespace bopp::bo
