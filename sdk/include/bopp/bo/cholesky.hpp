// bopp/bo/cholesky.hpp: Cholesky factorization of a covariance matrix with jitter escalation.
#pragma once

#include <bopp/bo/log.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>

namespace bopp::bo {

// A factorization K + jitter·I = L·Lᵀ and the jitter it needed.
struct CholeskyFactor {
  Eigen::LLT<Eigen::MatrixXd> llt;
  double jitter = 0.0;
};

// Factors the symmetric matrix `K` (only its lower triangle is read). When K is not
// numerically positive definite, adds jitter = 1e-8·mean(diag K) to the diagonal and
// multiplies it by 10 until the factorization succeeds or the jitter passes
// 1e-2·mean(diag K); each escalation is reported through `log`. Throws std::runtime_error
// when even the largest jitter fails (K holds NaN or is far from semi-definite).
CholeskyFactor robust_cholesky(Eigen::MatrixXd K, const LogCallback& log = {});

}  // namespace bopp::bo
