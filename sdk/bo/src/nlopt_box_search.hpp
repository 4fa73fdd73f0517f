// What minimize_in_box and minimize_in_box_lockstep share: the checks of their box and starts,
// and one L-BFGS run of NLopt set up on the box.
#pragma once

#include <bopp/bo/box_minimizer.hpp>

#include <nlopt.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace bopp::bo::detail {

// Throws std::invalid_argument, naming `caller`, unless the bounds and starts agree in dimension
// (>= 1), every upper bound is >= its lower bound, and there is at least one start.
inline void check_box_search(const std::string& caller, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts) {
  const Eigen::Index d = lower.size();
  if (d < 1 || upper.size() != d || starts.cols() != d)
    throw std::invalid_argument(caller + ": bounds and starts must agree in dimension (>= 1)");
  if (!(upper.array() >= lower.array()).all())
    throw std::invalid_argument(caller + ": every upper bound must be >= its lower bound");
  if (starts.rows() == 0) throw std::invalid_argument(caller + ": at least one start is needed");
}

struct NloptDeleter {
  void operator()(nlopt_opt opt) const { nlopt_destroy(opt); }
};
using NloptRun = std::unique_ptr<nlopt_opt_s, NloptDeleter>;

// LD_LBFGS on [lower, upper] with the options' budget and tolerance; its objective is set by the
// caller.
inline NloptRun lbfgs_in_box(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                             const BoxMinimizerOptions& options) {
  NloptRun opt(nlopt_create(NLOPT_LD_LBFGS, static_cast<unsigned>(lower.size())));
  nlopt_set_lower_bounds(opt.get(), lower.data());
  nlopt_set_upper_bounds(opt.get(), upper.data());
  nlopt_set_maxeval(opt.get(), options.max_evaluations);
  nlopt_set_ftol_rel(opt.get(), options.relative_tolerance);
  return opt;
}

}  // namespace bopp::bo::detail
