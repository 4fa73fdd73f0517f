// bopp/bo/random_fourier_features.hpp: a finite feature map whose inner products
// approximate a stationary kernel (Rahimi & Recht 2007).
#pragma once

#include <bopp/bo/kernel.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace bopp::bo {

// φ(u) = σ √(2/D) cos(W u + b): with the rows of W drawn from the kernel's spectral
// density (a Gaussian for the RBF, a multivariate t with 2ν degrees of freedom for the
// Matérn ν), scaled by 1/ℓ, and b ~ U[0, 2π), E[φ(u)ᵀφ(u')] = k(u, u').
class RandomFourierFeatures {
 public:
  RandomFourierFeatures(const Kernel& kernel, Eigen::Index count, std::uint64_t seed);

  Eigen::Index count() const { return offsets_.size(); }
  Eigen::Index dim() const { return frequencies_.cols(); }
  // Φ(U): one row of D features per row of U.
  Eigen::MatrixXd features(const Eigen::MatrixXd& U) const;
  // ∇_u of φ(u)ᵀ weights.
  Eigen::VectorXd gradient(const Eigen::VectorXd& u, const Eigen::VectorXd& weights) const;

 private:
  Eigen::MatrixXd frequencies_;  // D × dim, already divided by the lengthscales
  Eigen::VectorXd offsets_;      // D
  double amplitude_;             // σ √(2/D)
};

}  // namespace bopp::bo
