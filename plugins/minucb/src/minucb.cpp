#include "minucb.hpp"

#include <bopp/bo/best_observed.hpp>
#include <bopp/bo/gradient_trace.hpp>
#include <bopp/bo/successful_rows.hpp>

#include <algorithm>
#include <utility>
#include <vector>

namespace bopp::minucb {

std::vector<Param> MinUcb::params() {
  std::vector<Param> p = shared_params();
  p.push_back(
      Param::integer("resample", 1, "b1: copies of x_t evaluated each iteration (GIBO's code: 1)")
          .range(0, 1000));
  p.push_back(
      Param::integer("batch", 0, "b2: GIBO's greedy sampling batch; 0 means d (GIBO's synthetic)")
          .range(0, 100000));
  for (Param& q : bo::gradient_batch_params()) p.push_back(std::move(q));
  return p;
}

MinUcb::MinUcb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : problem_(problem),
      host_(host),
      rng_(seed),
      settings_(read_settings(problem, config, "algorithm 'minucb'")),
      resample_(config.integer("resample")),
      batch_(config.integer("batch") > 0 ? config.integer("batch") : problem.dim()),
      gradient_batch_(bo::read_gradient_batch_settings(config)),
      model_(settings_, problem_, host_, "minucb"),
      data_(problem.dim()),
      x_(settings_.x0),
      awaiting_design_(settings_.design_from_host) {
  if (resample_ + batch_ < 1)
    throw SchemaError("batch", 0,
                      "algorithm 'minucb' asks no point: resample + batch must be >= 1");
}

void MinUcb::take_step() {
  if (data_.size() == 0) return;  // every evaluation failed: stay
  const bo::GaussianProcess gp = model_.with_last_fit(data_, settings_.n_max);
  steps_.push_back(maximize_lcb_near(gp, x_, problem_, LcbStepOptions::from(settings_), rng_()));
  x_ = steps_.back().x;
}

void MinUcb::plan_iteration() {
  // Hyperparameters are refit once per iteration, here, and kept for its step (docs/minucb.md).
  bo::GaussianProcess gp =
      model_.refit(data_, std::max<Eigen::Index>(settings_.n_max - resample_, 0), rng_());
  Points plan(resample_, problem_.dim());
  plan.rowwise() = x_.transpose();
  Eigen::MatrixXd explore(0, problem_.dim());
  if (batch_ > 0) {
    // The copies of x_t enter the trace as they enter GIBO's data: first, in the window. The
    // covariance does not depend on their values, so fantasies are exact.
    if (resample_ > 0) gp.add_fantasies(plan);
    const bo::GradientBatchOptions options =
        gradient_batch_.options(bo::GradientBatchOptions::Mode::greedy, batch_, settings_.delta);
    explore = bo::select_gradient_batch(gp, x_, options, rng_()).points;
  }
  queue_.push_rows(plan);
  queue_.push_rows(explore);
  step_due_ = true;
}

Points MinUcb::ask(std::size_t max_points) {
  if (queue_.empty()) {
    if (step_due_) take_step();
    plan_iteration();
  }
  return queue_.take(max_points);
}

void MinUcb::tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
  data_.add(X, y, status);
  if (awaiting_design_) {
    awaiting_design_ = false;
    // The iterate starts at the design's best point (x0 when every design point failed).
    const std::vector<Eigen::Index> rows = bo::successful_rows(y, status);
    if (!rows.empty())
      x_ = bo::best_observed(X(rows, Eigen::all), y(rows), problem_.lower, problem_.upper);
  }
}

void MinUcb::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("model", model_);
  archive.write("data", data_);
  archive.write("x", x_);
  archive.write("queue", queue_);
  archive.write("step_due", step_due_);
}

void MinUcb::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  archive.read("model", model_);
  archive.read("data", data_);
  archive.read("x", x_);
  archive.read("queue", queue_);
  archive.read("step_due", step_due_);
  awaiting_design_ = false;
  if (x_.size() != problem_.dim()) throw StateError("state: an iterate of another dimension");
}

}  // namespace bopp::minucb
