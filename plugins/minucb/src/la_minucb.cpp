#include "la_minucb.hpp"

#include <algorithm>

namespace bopp::minucb {

std::vector<Param> LaMinUcb::params() {
  std::vector<Param> p = shared_params();
  p.push_back(Param::integer("batch", 1, "b: look-ahead batch size (the paper's value is not reported; 1)")
                  .range(1, 64));
  p.push_back(Param::integer("fantasies", 16,
                             "N_f: fixed base samples of the one-shot look-ahead (BoTorch's KG: 64; 16 for cost)")
                  .range(1, 1024));
  p.push_back(Param::integer("restarts", 3, "L-BFGS starts of the look-ahead (warm start + best raw samples)")
                  .range(1, 1000));
  p.push_back(Param::integer("raw_samples", 64, "random batches scored to pick the look-ahead's starts").range(0, 100000));
  p.push_back(Param::integer("max_evaluations", 100, "look-ahead evaluations per L-BFGS start").range(1, 100000));
  return p;
}

LaMinUcb::LaMinUcb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : problem_(problem), host_(host), rng_(seed),
      settings_(read_settings(problem, config, "algorithm 'la-minucb'")),
      model_(settings_, problem_, host_, "la-minucb"), data_(problem.dim()), x_(settings_.x0),
      queue_(x_.transpose()) {
  lookahead_.beta = settings_.beta;
  lookahead_.delta = settings_.delta;
  lookahead_.batch = config.integer("batch");
  lookahead_.fantasies = config.integer("fantasies");
  lookahead_.restarts = static_cast<int>(config.integer("restarts"));
  lookahead_.raw_samples = static_cast<int>(config.integer("raw_samples"));
  lookahead_.max_evaluations = static_cast<int>(config.integer("max_evaluations"));
}

Points LaMinUcb::ask(std::size_t max_points) {
  if (queue_.rows() == 0) {
    if (data_.size() == 0) {
      queue_ = x_.transpose();  // the start point failed: evaluate it again
    } else if (step_next_) {
      const bo::GaussianProcess gp = model_.build(data_, settings_.n_max, false, 0);
      steps_.push_back(maximize_lcb_near(gp, x_, problem_, LcbStepOptions::from(settings_), rng_()));
      x_ = steps_.back().x;
      queue_ = x_.transpose();
      step_next_ = false;
    } else {
      // Hyperparameters are refit once per iteration, here, and kept for its step.
      const bo::GaussianProcess gp = model_.build(data_, settings_.n_max, true, rng_());
      batches_.push_back(select_lookahead_batch(gp, x_, problem_, lookahead_, rng_()));
      queue_ = batches_.back().points;
      step_next_ = true;
    }
  }
  return take_planned(queue_, max_points);
}

void LaMinUcb::tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
  data_.add(X, y, status);
}

}  // namespace bopp::minucb
