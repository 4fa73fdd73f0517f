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

}  // namespace bopp::bo
