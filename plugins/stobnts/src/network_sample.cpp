#include "network_sample.hpp"

namespace bopp::stobnts {

NetworkSample::NetworkSample(const nn::Mlp& mlp, double beta, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper, std::optional<Eigen::VectorXd> network,
                             std::optional<TangentTerm> tangent)
    : mlp_(mlp),
      beta_(beta),
      lower_(lower),
      widths_(upper - lower),
      network_(std::move(network)),
      tangent_(std::move(tangent)) {}

Eigen::MatrixXd NetworkSample::to_unit(const Eigen::MatrixXd& X) const {
  return (X.rowwise() - lower_.transpose()).array().rowwise() / widths_.transpose().array();
}

Eigen::VectorXd NetworkSample::values(const Eigen::MatrixXd& X) const {
  const Eigen::MatrixXd U = to_unit(X);
  Eigen::VectorXd out = Eigen::VectorXd::Zero(X.rows());
  if (network_) out += mlp_.values(U, *network_);
  if (tangent_) out += mlp_.jacobian_vector_products(U, tangent_->base, tangent_->tangent);
  return beta_ * out;
}

double NetworkSample::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  const Eigen::VectorXd u = (x - lower_).cwiseQuotient(widths_);
  double out = 0.0;
  Eigen::VectorXd part;
  if (gradient != nullptr) gradient->setZero(x.size());
  if (network_) {
    out += mlp_.value(u, *network_, gradient != nullptr ? &part : nullptr);
    if (gradient != nullptr) *gradient += part;
  }
  if (tangent_) {
    out += mlp_.jacobian_vector_product(u, tangent_->base, tangent_->tangent,
                                        gradient != nullptr ? &part : nullptr);
    if (gradient != nullptr) *gradient += part;
  }
  if (gradient != nullptr) *gradient = beta_ * gradient->cwiseQuotient(widths_);
  return beta_ * out;
}

}  // namespace bopp::stobnts
