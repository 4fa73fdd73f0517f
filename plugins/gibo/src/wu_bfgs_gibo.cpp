// Wu et al. 2023, Figure 1's noiseless BFGS variant: the gradient estimate ∇μ from a design at
// the iterate drives BFGS (Nocedal & Wright 2006, Algorithm 6.1) with an Armijo line search on
// the observed values, every trial point one evaluation:
//
//   H ← η·I
//   repeat
//     observe the design {x_k, x_k + h·e_i} (or its joint optimum)   sample_gradient_design
//     g_k ← ∇μ(x_k);  BFGS update of H with s = x_k − x_{k−1}, y = g_{k−1} − g_k
//                                                                    update_bfgs
//     if ‖g_k‖ < 1e-6: converged                                     converge
//     p ← H g_k;  α ← 1, 1/2, … until f(x_k + αp) ≥ f(x_k) + c₁ g_kᵀ(αp)
//                                                                    try_step, judge_step
//     x_{k+1} ← x_k + αp
#include "wu_bfgs_gibo.hpp"

#include "forward_design.hpp"

#include <algorithm>
#include <string>

namespace bopp::gibo {

namespace {

// Armijo's sufficient-increase constant and the gradient norm below which wu-bfgs stops
// (docs/gibo.md).
constexpr double armijo_c1 = 1e-4;
constexpr double gradient_tolerance = 1e-6;
// The smallest forward-design step, relative to ℓ, that wu-bfgs shrinks to: below it
// (h/ℓ)² approaches the noise floor and the design stops resolving the gradient.
constexpr double min_relative_fd_step = 5e-6;

}  // namespace

WuBfgsGibo::WuBfgsGibo(const Problem& problem, const Settings& settings, std::uint64_t seed,
                       const Host& host)
    : GradientAscent(problem, settings, seed, host),
      fd_step_(settings.fd_step),
      H_(settings.eta * Eigen::MatrixXd::Identity(problem.dim(), problem.dim())) {
  if (!settings.design_from_host) sample_gradient_design();
}

// The iterate is the design's best point, whose value is known: the first gradient design leaves
// it out. The finite differences use only their own points, so the rest of the design is unused.
void WuBfgsGibo::start_from_design(std::vector<Observation> design) {
  for (const Observation& o : design) {
    if (o.x == x_) {
      have_value_ = true;
      value_ = o.y;
    }
  }
  sample_gradient_design();
}

Points WuBfgsGibo::ask(std::size_t max_points) {
  if (round_ == Round::converged) planned_.pad(std::max<std::size_t>(1, max_points), x_);
  return GradientAscent::ask(max_points);
}

void WuBfgsGibo::finish_round(std::vector<Observation> told) {
  switch (round_) {
    case Round::design:
      update_bfgs(told);
      break;
    case Round::line_search:
      judge_step(told);
      break;
    case Round::converged:
      planned_.push(x_);
      break;  // ask() widens it to a full batch
  }
}

void WuBfgsGibo::sample_gradient_design() {
  round_ = Round::design;
  const Eigen::Index d = problem_.dim();
  if (settings_.forward_design) {
    // x_k itself only while its value is unknown.
    const Eigen::MatrixXd design = forward_design(x_, fd_step_, problem_.upper, d + 1);
    planned_.push_rows(have_value_ ? Eigen::MatrixXd(design.bottomRows(d)) : design);
    return;
  }
  if (!have_value_) planned_.push(x_);
  // The trace does not depend on the labels, so x_k's value may still be unknown here.
  const bo::GradientBatchOptions options =
      settings_.gradient_batch.options(bo::GradientBatchOptions::Mode::joint, d, settings_.delta);
  planned_.push_rows(
      model_.sampling_batch({{x_, have_value_ ? value_ : 0.0}}, x_, options, rng_()));
}

void WuBfgsGibo::update_bfgs(const std::vector<Observation>& told) {
  std::vector<Observation> design = told;
  if (have_value_) {
    design.push_back({x_, value_});
  } else {
    for (const Observation& o : told) {
      if (o.x == x_) {
        have_value_ = true;
        value_ = o.y;
      }
    }
  }
  const Eigen::VectorXd gradient = estimate_gradient(design);

  if (previous_gradient_.size() > 0) {
    // BFGS on −f: s = x_{k+1} − x_k, y = ∇(−f)_{k+1} − ∇(−f)_k (Nocedal & Wright, eq. 6.17).
    const Eigen::VectorXd s = x_ - previous_x_;
    const Eigen::VectorXd y = previous_gradient_ - gradient;
    const double sy = s.dot(y);
    if (sy > 1e-10 * s.norm() * y.norm()) {
      if (first_update_) {
        H_ =
            (sy / y.squaredNorm()) * Eigen::MatrixXd::Identity(s.size(), s.size());  // N&W eq. 6.20
        first_update_ = false;
      }
      const Eigen::VectorXd Hy = H_ * y;
      H_ += ((sy + y.dot(Hy)) / (sy * sy)) * s * s.transpose() -
            (Hy * s.transpose() + s * Hy.transpose()) / sy;
    }
    previous_gradient_.resize(0);
  }
  if (gradient.norm() < gradient_tolerance) {
    converge("‖∇μ‖ < 1e-6 at iteration " + std::to_string(iteration_));
    return;
  }
  direction_ = H_ * gradient;
  step_ = 1.0;
  backtracks_ = 0;
  try_step();
}

void WuBfgsGibo::try_step() {
  round_ = Round::line_search;
  const Eigen::VectorXd trial = project(x_ + step_ * direction_);
  if (trial == x_) {
    line_search_failed();
    return;
  }
  planned_.push(trial);
}

void WuBfgsGibo::judge_step(const std::vector<Observation>& told) {
  if (!told.empty()) {
    const Observation& trial = told.front();
    // Armijo on the observed values, along the projected step.
    const bool accept =
        !have_value_ || trial.y >= value_ + armijo_c1 * last_gradient().dot(trial.x - x_);
    if (accept) {
      failures_ = 0;
      previous_x_ = x_;
      previous_gradient_ = last_gradient();
      x_ = trial.x;
      value_ = trial.y;
      have_value_ = true;
      ++iteration_;
      sample_gradient_design();
      return;
    }
  }
  step_ *= 0.5;
  if (++backtracks_ > settings_.max_backtracks) {
    line_search_failed();
    return;
  }
  try_step();
}

// A failed line search restarts H = η·I; a second one in a row means the gradient estimate
// itself is off (on a noiseless f, the forward design's O(h) bias), so the design is redone
// at x_k with a ten times smaller step, down to min_relative_fd_step.
void WuBfgsGibo::line_search_failed() {
  H_ = settings_.eta * Eigen::MatrixXd::Identity(problem_.dim(), problem_.dim());
  first_update_ = true;
  if (++failures_ < 2) {
    direction_ = H_ * last_gradient();
    step_ = 1.0;
    backtracks_ = 0;
    try_step();
    return;
  }
  failures_ = 0;
  if (settings_.forward_design) {
    fd_step_ /= 10;
    if ((fd_step_.array() < min_relative_fd_step * lengthscales().array()).any()) {
      converge("line searches fail at the finest design step");
      return;
    }
  }
  sample_gradient_design();
}

void WuBfgsGibo::converge(const std::string& why) {
  host_.info("gibo: " + why + "; converged");
  round_ = Round::converged;
  planned_.push(x_);
}

void WuBfgsGibo::save_variant(StateArchive& archive) const {
  archive.write("round", round_);
  archive.write("fd_step", fd_step_);
  archive.write("have_value", have_value_);
  archive.write("value", value_);
  archive.write("H", H_);
  archive.write("previous_x", previous_x_);
  archive.write("previous_gradient", previous_gradient_);
  archive.write("direction", direction_);
  archive.write("step", step_);
  archive.write("backtracks", backtracks_);
  archive.write("failures", failures_);
  archive.write("first_update", first_update_);
}

void WuBfgsGibo::restore_variant(const StateArchive& archive) {
  archive.read("round", round_);
  archive.read("fd_step", fd_step_);
  archive.read("have_value", have_value_);
  archive.read("value", value_);
  archive.read("H", H_);
  archive.read("previous_x", previous_x_);
  archive.read("previous_gradient", previous_gradient_);
  archive.read("direction", direction_);
  archive.read("step", step_);
  archive.read("backtracks", backtracks_);
  archive.read("failures", failures_);
  archive.read("first_update", first_update_);
}

}  // namespace bopp::gibo
