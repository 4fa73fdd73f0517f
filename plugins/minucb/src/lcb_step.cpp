#include "lcb_step.hpp"

#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/uniform_point.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace bopp::minucb {

namespace {

// σ is floored so that ∇σ = ∇σ²/(2σ) stays finite at a point observed many times.
constexpr double min_lcb_variance = 1e-18;

}  // namespace

double lower_confidence_bound(const bo::GaussianProcess& gp, const Eigen::VectorXd& x, double beta,
                              Eigen::VectorXd* gradient) {
  const bo::PointPosterior p = gp.predict_with_gradient(x);
  const double sd = std::sqrt(std::max(p.variance, min_lcb_variance));
  if (gradient != nullptr) *gradient = p.mean_gradient - (beta / (2 * sd)) * p.variance_gradient;
  return p.mean - beta * sd;
}

Eigen::VectorXd gradient_step(const bo::GaussianProcess& gp, const Eigen::VectorXd& x, double lr,
                              const Box& box) {
  const Eigen::VectorXd g = gp.predict_with_gradient(x).mean_gradient;
  const double norm = g.norm();
  if (!(norm > 0)) return x;
  const Eigen::VectorXd lengthscales = gp.user_lengthscales();
  const Eigen::VectorXd step = x + lr * lengthscales.cwiseProduct(g) / norm;
  return step.cwiseMax(box.lower).cwiseMin(box.upper);
}

LcbStep maximize_lcb_near(const bo::GaussianProcess& gp, const Eigen::VectorXd& x_t,
                          const Problem& problem, const LcbStepOptions& options,
                          std::uint64_t seed) {
  LcbStep step;
  step.box = local_box(x_t, options.delta, problem);
  const auto lcb = [&](const Eigen::VectorXd& x) {
    return lower_confidence_bound(gp, x, options.beta);
  };
  step.value_at_current = lcb(x_t);
  step.gradient_step = gradient_step(gp, x_t, options.lr, step.box);
  step.value_at_gradient_step = lcb(step.gradient_step);

  std::vector<Eigen::VectorXd> starts{x_t, step.gradient_step};
  // The best observed points inside the box, by their observed value.
  const Eigen::MatrixXd& X = gp.inputs();
  std::vector<Eigen::Index> inside;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const Eigen::VectorXd xi = X.row(i).transpose();
    if ((xi.array() >= step.box.lower.array()).all() &&
        (xi.array() <= step.box.upper.array()).all())
      inside.push_back(i);
  }
  const Eigen::VectorXd& y = gp.targets();
  std::stable_sort(inside.begin(), inside.end(),
                   [&y](Eigen::Index a, Eigen::Index b) { return y[a] > y[b]; });
  for (std::size_t k = 0; k < inside.size() && k < static_cast<std::size_t>(options.best_observed);
       ++k)
    starts.push_back(X.row(inside[k]).transpose());
  // The best of the random points.
  std::mt19937_64 rng(seed);
  Eigen::VectorXd best_random;
  double best_random_value = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < options.random_points; ++k) {
    Eigen::VectorXd x = bo::uniform_in_box(rng, step.box.lower, step.box.upper);
    const double v = lcb(x);
    if (v > best_random_value) {
      best_random_value = v;
      best_random = std::move(x);
    }
  }
  if (best_random.size() > 0) starts.push_back(best_random);

  Eigen::MatrixXd start_rows(static_cast<Eigen::Index>(starts.size()), x_t.size());
  for (std::size_t k = 0; k < starts.size(); ++k)
    start_rows.row(static_cast<Eigen::Index>(k)) = starts[k].transpose();
  const bo::SmoothFunction negative_lcb = [&](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
    const double v = lower_confidence_bound(gp, x, options.beta, gradient);
    if (gradient != nullptr) *gradient = -*gradient;
    return -v;
  };
  bo::BoxMinimizerOptions minimizer;
  minimizer.max_evaluations = options.max_evaluations;
  const bo::BoxMinimum best =
      bo::minimize_in_box(negative_lcb, step.box.lower, step.box.upper, start_rows, minimizer);
  step.x = best.x;
  step.value = -best.value;
  // The monotonicity the proof needs, whatever the optimizer's bookkeeping.
  if (step.value < step.value_at_current) {
    step.x = x_t;
    step.value = step.value_at_current;
  }
  if (step.value < step.value_at_gradient_step) {
    step.x = step.gradient_step;
    step.value = step.value_at_gradient_step;
  }
  return step;
}

}  // namespace bopp::minucb
