#include "forward_design.hpp"

#include <algorithm>

namespace bopp::gibo {

Eigen::MatrixXd forward_design(const Eigen::VectorXd& x, const Eigen::VectorXd& h,
                               const Eigen::VectorXd& upper, Eigen::Index count) {
  const Eigen::Index rows = std::min(count, x.size() + 1);
  Eigen::MatrixXd design(rows, x.size());
  for (Eigen::Index r = 0; r < rows; ++r) {
    Eigen::VectorXd z = x;
    if (r > 0) {
      const Eigen::Index i = r - 1;
      z[i] += z[i] + h[i] <= upper[i] ? h[i] : -h[i];
    }
    design.row(r) = z.transpose();
  }
  return design;
}

}  // namespace bopp::gibo
