#include <bopp/bo/cholesky.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace bopp::bo {

CholeskyFactor robust_cholesky(Eigen::MatrixXd K, const LogCallback& log) {
  CholeskyFactor factor;
  factor.llt.compute(K);
  if (factor.llt.info() == Eigen::Success) return factor;

  const double scale = K.diagonal().mean();
  if (!(scale > 0.0))
    throw std::runtime_error("robust_cholesky: covariance diagonal is not positive");
  double added = 0.0;
  for (double jitter = 1e-8 * scale; jitter <= 1e-2 * scale * (1 + 1e-12); jitter *= 10) {
    K.diagonal().array() += jitter - added;
    added = jitter;
    factor.llt.compute(K);
    char message[160];
    std::snprintf(message, sizeof message,
                  "cholesky: matrix of size %ld not positive definite, added jitter %.3g (%s)",
                  static_cast<long>(K.rows()), jitter,
                  factor.llt.info() == Eigen::Success ? "succeeded" : "failed, escalating");
    log_to(log, message);
    if (factor.llt.info() == Eigen::Success) {
      factor.jitter = jitter;
      return factor;
    }
  }
  throw std::runtime_error("robust_cholesky: matrix of size " + std::to_string(K.rows()) +
                           " not positive definite even with jitter 1e-2·mean(diag)");
}

}  // namespace bopp::bo
