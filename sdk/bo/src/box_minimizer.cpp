#include <bopp/bo/box_minimizer.hpp>

#include "nlopt_box_search.hpp"

#include <nlopt.h>

#include <exception>
#include <limits>
#include <vector>

namespace bopp::bo {

namespace {

// One L-BFGS run: forwards NLopt's calls to f and remembers the best point it was shown,
// because NLopt reports only its final iterate, which a failed line search can leave worse.
struct Run {
  const SmoothFunction& f;
  Eigen::VectorXd x, gradient;
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_x;
  std::exception_ptr error;  // an exception of f, held while NLopt's C frames unwind
  nlopt_opt opt = nullptr;
  std::size_t calls = 0;

  static double call(unsigned n, const double* x, double* grad, void* data) {
    auto& self = *static_cast<Run*>(data);
    try {
      ++self.calls;
      self.x = Eigen::Map<const Eigen::VectorXd>(x, n);
      const double v = self.f(self.x, grad != nullptr ? &self.gradient : nullptr);
      if (grad != nullptr) Eigen::Map<Eigen::VectorXd>(grad, n) = self.gradient;
      if (v < self.best) {
        self.best = v;
        self.best_x = self.x;
      }
      return v;
    } catch (...) {
      self.error = std::current_exception();
      nlopt_force_stop(self.opt);
      return std::numeric_limits<double>::quiet_NaN();
    }
  }
};

}  // namespace

BoxMinimum minimize_in_box(const SmoothFunction& f, const Eigen::VectorXd& lower,
                           const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts,
                           const BoxMinimizerOptions& options) {
  detail::check_box_search("minimize_in_box", lower, upper, starts);
  const Eigen::Index d = lower.size();

  BoxMinimum best;
  best.value = std::numeric_limits<double>::infinity();
  for (Eigen::Index s = 0; s < starts.rows(); ++s) {
    const Eigen::VectorXd start = starts.row(s).transpose().cwiseMax(lower).cwiseMin(upper);
    const detail::NloptRun opt = detail::lbfgs_in_box(lower, upper, options);
    Run run{f,  {},       Eigen::VectorXd::Zero(d), std::numeric_limits<double>::infinity(), {},
            {}, opt.get()};
    nlopt_set_min_objective(opt.get(), &Run::call, &run);
    std::vector<double> x(start.data(), start.data() + d);
    double value = 0;
    nlopt_optimize(opt.get(), x.data(), &value);  // failures leave the best point seen
    if (run.error) std::rethrow_exception(run.error);
    best.evaluations += run.calls;
    if (run.best_x.size() == 0) {  // NLopt gave up before its first call: keep the start itself
      run.best_x = start;
      run.best = f(start, nullptr);
      ++best.evaluations;
    }
    if (run.best < best.value || best.x.size() == 0) {
      best.value = run.best;
      best.x = run.best_x.cwiseMax(lower).cwiseMin(upper);
    }
  }
  return best;
}

}  // namespace bopp::bo
