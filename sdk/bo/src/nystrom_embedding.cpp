#include <bopp/bo/nystrom_embedding.hpp>

#include <Eigen/Eigenvalues>

#include <limits>

namespace bopp::bo {

NystromMap nystrom_map(const Kernel& kernel, const Eigen::MatrixXd& dictionary) {
  NystromMap out{dictionary, Eigen::MatrixXd(dictionary.rows(), 0)};
  const Eigen::Index m = dictionary.rows();
  if (m == 0) return out;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(kernel.matrix(dictionary));
  const Eigen::VectorXd& e = eigen.eigenvalues();  // ascending
  const double floor = e[m - 1] * static_cast<double>(m) * std::numeric_limits<double>::epsilon();
  Eigen::Index first = 0;
  while (first < m && e[first] <= floor) ++first;
  const Eigen::Index kept = m - first;
  // W = U_kept diag(e_kept^{-1/2}): any square root of K_S⁺ gives the same inner products.
  out.weights =
      eigen.eigenvectors().rightCols(kept) * e.tail(kept).cwiseSqrt().cwiseInverse().asDiagonal();
  return out;
}

NystromEmbedding nystrom_embedding(const Kernel& kernel, const Eigen::MatrixXd& points,
                                   const Eigen::MatrixXd& dictionary) {
  NystromEmbedding out;
  if (dictionary.rows() == 0) {
    out.features.resize(points.rows(), 0);
    out.residual = Eigen::VectorXd::Constant(points.rows(), kernel.outputscale());
    return out;
  }
  const NystromMap map = nystrom_map(kernel, dictionary);
  out.features = kernel.matrix(points, dictionary) * map.weights;
  // ‖z‖² from the same features, so the rounding of r is that of one computation; r is
  // amplified by 1/λ later, so tiny negatives are clamped rather than kept.
  out.residual = (Eigen::VectorXd::Constant(points.rows(), kernel.outputscale()) -
                  out.features.rowwise().squaredNorm())
                     .cwiseMax(0.0);
  return out;
}

}  // namespace bopp::bo
