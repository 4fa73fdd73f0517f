#include <bopp/bo/sparse_posterior.hpp>

#include <stdexcept>

namespace bopp::bo {

SparsePosterior::SparsePosterior(NystromEmbedding embedding, const Eigen::VectorXd& counts,
                                 const Eigen::VectorXd& sums, double lambda)
    : embedding_(std::move(embedding)), lambda_(lambda) {
  const Eigen::MatrixXd& Z = embedding_.features;
  if (counts.size() != Z.rows() || sums.size() != Z.rows())
    throw std::invalid_argument("SparsePosterior: counts and sums need one entry per arm");
  if (!(lambda > 0.0)) throw std::invalid_argument("SparsePosterior: λ must be positive");
  const Eigen::Index m = Z.cols();
  if (m == 0) {  // the prior; BLAS refuses empty matrices
    mean_ = Eigen::VectorXd::Zero(Z.rows());
    variance_ = embedding_.residual / lambda;
    return;
  }
  Eigen::MatrixXd V = Eigen::MatrixXd::Identity(m, m) * lambda;
  V.selfadjointView<Eigen::Lower>().rankUpdate(Z.transpose() * counts.cwiseSqrt().asDiagonal());
  observed_.compute(V);  // V ⪰ λI: positive definite
  const Eigen::VectorXd b = Z.transpose() * sums;
  mean_ = Z * observed_.solve(b);
  // ‖L⁻¹ z_i‖² for all arms at once: Lᵀ-solves of the transposed features.
  const Eigen::MatrixXd half = observed_.matrixL().solve(Z.transpose());
  variance_ = embedding_.residual / lambda + half.colwise().squaredNorm().transpose();
  pending_ = observed_;
}

void SparsePosterior::add_pending(Eigen::Index i) {
  if (embedding_.features.cols() == 0) return;
  pending_.rankUpdate(embedding_.features.row(i).transpose(), 1.0);
}

double SparsePosterior::pending_variance(Eigen::Index i) const {
  if (embedding_.features.cols() == 0) return variance_[i];
  const Eigen::VectorXd half = pending_.matrixL().solve(embedding_.features.row(i).transpose());
  return embedding_.residual[i] / lambda_ + half.squaredNorm();
}

Eigen::VectorXd SparsePosterior::embedded_covariance(Eigen::Index j) const {
  if (embedding_.features.cols() == 0) return Eigen::VectorXd::Zero(size());
  const Eigen::VectorXd g = observed_.solve(embedding_.features.row(j).transpose());
  return embedding_.features * g;
}

}  // namespace bopp::bo
