// Private to bopp::bo: the log marginal likelihood with caller-owned n × n buffers.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/bo/log.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// The three n × n matrices one evaluation needs (lower triangles only), and two n × (d + 1)
// ones. A fit keeps one workspace for all its evaluations: fresh matrices of that size are new
// pages from the system on every call, and faulting them in cost more than the arithmetic.
struct LikelihoodWorkspace {
  Eigen::MatrixXd distances;      // squared scaled distances S, then g'(S), then A ∘ g'(S)
  Eigen::MatrixXd factor;         // K_y, then its Cholesky factor L
  Eigen::MatrixXd inverse;        // L⁻¹, then K_y⁻¹
  Eigen::MatrixXd scaled_inputs;  // [V 1]: the inputs over the lengthscales, and ones
  Eigen::MatrixXd products;       // (A ∘ g'(S)) [V 1]
};

// log_marginal_likelihood (marginal_likelihood.hpp) computed in `workspace`.
double log_marginal_likelihood(const Kernel& kernel, double noise_variance, double mean,
                               const Eigen::MatrixXd& U, const Eigen::VectorXd& z,
                               Eigen::VectorXd* gradient, const LogCallback& log,
                               LikelihoodWorkspace& workspace);

}  // namespace bopp::bo
