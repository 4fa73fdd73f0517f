#include "exact_gp.hpp"

#include <cmath>

namespace bopp::bbkb {

bo::GaussianProcess make_exact_gp(const Settings& settings, const Points& candidates) {
  // The toolkit maps inputs to the unit cube of [lower, upper]; lengthscales h/width there
  // are h in the candidates' units.
  const Eigen::VectorXd lower = candidates.colwise().minCoeff().transpose();
  Eigen::VectorXd widths = candidates.colwise().maxCoeff().transpose() - lower;
  for (double& w : widths) w = w > 0.0 ? w : 1.0;
  bo::GaussianProcess gp(settings.kernel(candidates.cols()), lower, lower + widths);
  bo::Hyperparameters h;
  h.lengthscales = widths.cwiseInverse() * settings.bandwidth;
  h.outputscale = 1.0;
  h.noise_variance = settings.lambda;
  h.mean = 0.0;
  gp.set_hyperparameters(h);
  return gp;
}

double information_gain(const bo::GaussianProcess& gp, double lambda) {
  if (gp.size() == 0) return 0.0;
  const Eigen::MatrixXd& L = gp.cholesky_factor();
  return 2.0 * L.diagonal().array().log().sum() - static_cast<double>(gp.size()) * std::log(lambda);
}

}  // namespace bopp::bbkb
