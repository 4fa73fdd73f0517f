#include "inducing_ucb.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bopp::gssbo {
namespace {

// σ is floored here without gradient, as bo::PosteriorAcquisition does.
constexpr double min_sd = 1e-12;

}  // namespace

InducingUcb::InducingUcb(const bo::NystromGp& gp, double beta)
    : gp_(gp), sqrt_beta_(std::sqrt(beta)) {
  if (!(beta >= 0)) throw std::invalid_argument("InducingUcb: beta must be >= 0");
}

Eigen::VectorXd InducingUcb::values(const Eigen::MatrixXd& X) const {
  const bo::Posterior p = gp_.predict(X);
  return p.mean + sqrt_beta_ * p.variance.cwiseSqrt().cwiseMax(min_sd);
}

double InducingUcb::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  const bo::PointPosterior p = gp_.predict_with_gradient(x);
  const double raw_sd = std::sqrt(p.variance);
  if (gradient != nullptr) {
    // ∇σ = ∇σ² / (2σ); zero where σ is floored.
    *gradient = p.mean_gradient;
    if (raw_sd > min_sd) *gradient += (sqrt_beta_ / (2 * raw_sd)) * p.variance_gradient;
  }
  return p.mean + sqrt_beta_ * std::max(raw_sd, min_sd);
}

}  // namespace bopp::gssbo
