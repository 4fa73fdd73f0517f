// bopp/bo/nystrom_gp.hpp: a GP posterior on all its data through a Nyström (DTC) approximation
// whose inducing points are a subset of the data.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/nystrom_embedding.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>

namespace bopp::bo {

// The deterministic training conditional (Quiñonero-Candela & Rasmussen 2005, eq. 20): the
// prior covariance of the data D replaced by the Nyström K̂ = K_DS K_S⁻¹ K_SD of the inducing
// points S, and the test point's covariance with D by its projection on S. In the features of
// nystrom_embedding.hpp, z(x) = K_S^{+/2} k_S(x) and Z with rows z(x_i)ᵀ over D:
//   V = ZᵀZ + σ_n² I,   μ(x) = c + z(x)ᵀ V⁻¹ Zᵀ (ỹ − c),
//   σ²(x) = k(x, x) − ‖z(x)‖² + σ_n² z(x)ᵀ V⁻¹ z(x),
// the λ-scaled posterior of sparse_posterior.hpp (λ = σ_n²) at any point of the box. With
// S = D it is the exact GP's posterior. The kernel, σ_n², the constant mean c and the output
// scaling (ỹ = (y − mean)/scale) are those of `gp`, whose own data are not used. Building
// costs O(|D| |S|² + |S|³), a prediction O(|S| (d + |S|)).
class NystromGp {
 public:
  NystromGp(const GaussianProcess& gp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
            const Eigen::MatrixXd& inducing);

  Eigen::Index dim() const { return prior_.dim(); }
  Eigen::Index size() const { return size_; }                // |D|
  Eigen::Index rank() const { return map_.weights.cols(); }  // m' ≤ |S|
  const OutputScaling& output_scaling() const { return scaling_; }

  // The posterior of the latent f at the rows of X, in the user's units (as GaussianProcess).
  Posterior predict(const Eigen::MatrixXd& X) const;
  PointPosterior predict_with_gradient(const Eigen::VectorXd& x) const;

 private:
  GaussianProcess prior_;  // kernel, box, σ_n² and c; no data
  OutputScaling scaling_;
  Eigen::Index size_ = 0;
  NystromMap map_;  // on the inducing points in the unit cube
  Eigen::LLT<Eigen::MatrixXd> V_;
  Eigen::VectorXd weights_;  // V⁻¹ Zᵀ (ỹ − c)
};

}  // namespace bopp::bo
