// bopp/bo/box_minimizer.hpp: multistart box-constrained L-BFGS on any smooth function.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <functional>

namespace bopp::bo {

// f(x) and, when `gradient` is not null, ∇f(x) written into it (already sized like x).
using SmoothFunction = std::function<double(const Eigen::VectorXd& x, Eigen::VectorXd* gradient)>;

struct BoxMinimizerOptions {
  int max_evaluations = 200;  // per start
  double relative_tolerance = 1e-9;
};

struct BoxMinimum {
  Eigen::VectorXd x;
  double value = 0.0;
  std::size_t evaluations = 0;  // points f was evaluated at, over all runs
};

// Minimizes f over the box [lower, upper] with NLopt's LD_LBFGS from every row of `starts`
// (each clamped into the box first) and returns the best point seen over all runs, never
// worse than the best start. Every acquisition search of the toolkit (maximize_acquisition,
// the gradient-trace batch, MinUCB's step, LA-MinUCB's one-shot problem) runs on this.
BoxMinimum minimize_in_box(const SmoothFunction& f, const Eigen::VectorXd& lower,
                           const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts,
                           const BoxMinimizerOptions& options = {});

}  // namespace bopp::bo
