#include "sample_gradients.hpp"

namespace bopp::gssbo {

Eigen::VectorXd pilot_gradients(const bo::GaussianProcess& gp,
                                const std::vector<Eigen::Index>& members, const Eigen::MatrixXd& X,
                                const Eigen::VectorXd& y) {
  const Eigen::Index n = X.rows();
  Eigen::VectorXd g(n);
  std::vector<bool> is_member(static_cast<std::size_t>(n), false);
  for (std::size_t k = 0; k < members.size(); ++k) {
    is_member[static_cast<std::size_t>(members[k])] = true;
    g[members[k]] = -gp.weights()[static_cast<Eigen::Index>(k)];
  }
  std::vector<Eigen::Index> others;
  others.reserve(static_cast<std::size_t>(n) - members.size());
  for (Eigen::Index i = 0; i < n; ++i)
    if (!is_member[static_cast<std::size_t>(i)]) others.push_back(i);
  if (others.empty()) return g;
  const bo::Posterior p = gp.predict(X(others, Eigen::all));
  const bo::OutputScaling& scaling = gp.output_scaling();
  for (std::size_t k = 0; k < others.size(); ++k) {
    const auto row = static_cast<Eigen::Index>(k);
    const Eigen::Index i = others[k];
    // Residual and predictive variance in the GP's standardized units.
    const double residual = (y[i] - p.mean[row]) / scaling.scale;
    const double variance = p.variance[row] / (scaling.scale * scaling.scale) + gp.noise_variance();
    g[i] = -residual / variance;
  }
  return g;
}

Eigen::VectorXd exact_gradients(const bo::GaussianProcess& gp, const Eigen::MatrixXd& X,
                                const Eigen::VectorXd& y) {
  bo::GaussianProcess full(gp.kernel(), gp.lower(), gp.upper(), gp.log());
  full.set_hyperparameters(gp.hyperparameters());
  full.condition(X, y, gp.output_scaling());
  return -full.weights();
}

}  // namespace bopp::gssbo
