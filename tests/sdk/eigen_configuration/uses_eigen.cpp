// One unit of a two-unit program that both multiply matrices: built once as `main` (with
// BOPP_CHECK_MAIN) and once as the other unit, each with its own Eigen settings.
#include <Eigen/Core>

Eigen::MatrixXd product(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);

#ifdef BOPP_CHECK_MAIN
int main() {
  const Eigen::MatrixXd a = Eigen::MatrixXd::Identity(3, 3);
  return product(a, a).trace() == 3.0 ? 0 : 1;
}
#else
Eigen::MatrixXd product(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) { return a * b; }
#endif
