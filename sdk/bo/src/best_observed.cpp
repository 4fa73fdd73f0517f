#include <bopp/bo/best_observed.hpp>

namespace bopp::bo {

Eigen::VectorXd best_observed(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                              const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) {
  if (y.size() == 0) return (lower + upper) / 2;
  Eigen::Index best = 0;
  y.maxCoeff(&best);
  return X.row(best).transpose();
}

}  // namespace bopp::bo
