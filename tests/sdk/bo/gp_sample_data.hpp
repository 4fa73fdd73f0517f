// Test data for the toolkit's tests: a draw from a GP with known hyperparameters.
#pragma once

#include <bopp/bo/kernel.hpp>

#include <Eigen/Cholesky>

#include <random>

namespace bopp::bo::test {

// n points uniform in the unit cube and a draw of f + ε from the GP with these hyperparameters.
inline void sample_gp(const Kernel& k, double noise, int n, std::uint64_t seed, Eigen::MatrixXd& X,
                      Eigen::VectorXd& y) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> normal;
  X.resize(n, k.dim());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < k.dim(); ++j) X(i, j) = u(rng);
  Eigen::MatrixXd K = k.matrix(X);
  K.diagonal().array() += noise + 1e-9;
  Eigen::VectorXd e(n);
  for (int i = 0; i < n; ++i) e[i] = normal(rng);
  y = K.llt().matrixL() * e;
}

}  // namespace bopp::bo::test
