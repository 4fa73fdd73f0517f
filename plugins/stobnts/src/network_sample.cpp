#include "network_sample.hpp"

namespace bopp::stobnts {

namespace {

nn::NetworkFunction<double> exact_function(const nn::Mlp& mlp, double beta,
                                           const std::optional<Eigen::VectorXd>& network,
                                           const std::optional<TangentTerm>& tangent) {
  const Eigen::VectorXd none;
  return {mlp, beta, network ? *network : none, tangent ? tangent->base : none,
          tangent ? tangent->tangent : none};
}

}  // namespace

Eigen::MatrixXd unit_rows(const Eigen::MatrixXd& X, const Eigen::VectorXd& lower,
                          const Eigen::VectorXd& upper) {
  return (X.rowwise() - lower.transpose()).array().rowwise() / (upper - lower).transpose().array();
}

NetworkSample::NetworkSample(const nn::Mlp& mlp, double beta, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper,
                             const std::optional<Eigen::VectorXd>& network,
                             const std::optional<TangentTerm>& tangent,
                             nn::Precision search_precision)
    : lower_(lower),
      upper_(upper),
      widths_(upper - lower),
      exact_(exact_function(mlp, beta, network, tangent)),
      u_(lower.size()) {
  if (search_precision == nn::Precision::float32) {
    const Eigen::VectorXd none;
    fast_.emplace(mlp, beta, network ? *network : none, tangent ? tangent->base : none,
                  tangent ? tangent->tangent : none);
  }
}

Eigen::VectorXd NetworkSample::values(const Eigen::MatrixXd& X) const {
  Eigen::VectorXd out(X.rows());
  exact_.values(unit_rows(X, lower_, upper_), out);
  return out;
}

void NetworkSample::values_and_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& out,
                                         Eigen::MatrixXd& gradients) const {
  out.resize(X.rows());
  exact_.values_and_gradients(unit_rows(X, lower_, upper_), out, gradients);
  gradients.array().rowwise() /= widths_.transpose().array();
}

Eigen::VectorXd NetworkSample::search_values(const Eigen::MatrixXd& X) const {
  if (!fast_) return values(X);
  Eigen::VectorXd out(X.rows());
  fast_->values(unit_rows(X, lower_, upper_), out);
  return out;
}

double NetworkSample::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  u_ = (x - lower_).cwiseQuotient(widths_);
  const double out = exact_.value(u_, gradient);
  if (gradient != nullptr) *gradient = gradient->cwiseQuotient(widths_);
  return out;
}

}  // namespace bopp::stobnts
