#include "gibo.hpp"

#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/gradient_posterior.hpp>
#include <bopp/bo/gradient_trace.hpp>
#include <bopp/bo/mueller_lengthscale.hpp>
#include <bopp/bo/start_point.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace bopp::gibo {

namespace {

// Armijo's sufficient-increase constant and the gradient norm below which wu-bfgs stops
// (gibo.md §4.2 [proposal], step 7).
constexpr double armijo_c1 = 1e-4;
constexpr double gradient_tolerance = 1e-6;
// Noise floor relative to the outputscale: σ_n = 0 means an interpolating GP, and the
// forward design's kernel matrix has eigenvalues ~ (h/ℓ)² = 1e-8 at the default step.
constexpr double noise_floor = 1e-12;
// The smallest forward-design step, relative to ℓ, that wu-bfgs shrinks to: below it
// (h/ℓ)² approaches the noise floor and the design stops resolving the gradient.
constexpr double min_relative_fd_step = 5e-6;

Variant variant_from_name(const std::string& name) {
  if (name == "practical") return Variant::practical;
  if (name == "wu") return Variant::wu;
  return Variant::wu_bfgs;
}

}  // namespace

std::vector<Param> Gibo::params() {
  return {
      Param::choice("variant", "practical", "practical|wu|wu-bfgs",
                    "practical: Müller et al.'s code (evaluate x_t, greedy batch in x_t ± delta, window "
                    "n_max, normalized step lr); wu: Wu et al.'s Algorithm 1 (joint batch, step x + "
                    "eta·∇μ); wu-bfgs: Wu et al.'s noiseless Figure 1 (design at x_k, BFGS, Armijo)"),
      Param::choice("kernel", "rbf", "rbf|matern52", "GP kernel; both papers use the RBF"),
      Param::real("lengthscale", 0.0,
                  "GP lengthscale in the problem's units, every coordinate; 0 = Müller et al.'s "
                  "rule 2·δ(d)·0.1/δ(2) times the box width (0.2 of it at d = 2); the papers use the "
                  "true value (Wu et al.: 1)")
          .at_least(0),
      Param::real("outputscale", 1.0, "GP prior variance of f (both papers: 1)").range(1e-12, 1e12),
      Param::real("noise_variance", 0.01,
                  "observation noise variance (Müller et al.'s synthetic setup: 0.01; Wu et al. "
                  "Figure 1: 0, 0.05², 0.2²); 0 = noiseless, interpolated with a tiny jitter")
          .at_least(0),
      Param::choice("hyperparameters", "fixed", "fixed|fit",
                    "fixed (both papers' synthetic setups) or fit: a MAP refit of lengthscales, "
                    "outputscale and mean under BoTorch's Gamma priors, noise kept fixed, once per "
                    "iteration when the GP's data hold n_max points (Müller et al.'s RL setups)"),
      Param::reals("x0", {}, "start point; absent: the box centre (Müller et al.: 0.5·1 on [0,1]^d)")
          .make_optional(),
      Param::integer("x0_sobol_index", 0,
                     "start at point i (from 0) of the Sobol sequence over the box, shifted with "
                     "seed 0, the same for every run seed (Fan et al.'s shared starts); absent: x0 or "
                     "the box centre")
          .range(0, 1000000)
          .make_optional(),
      Param::integer("batch", 0,
                     "gradient points per iteration: practical, the most greedy points (Müller: d); "
                     "wu with batch_schedule constant, b (Wu: d+1 noiseless); 0 = d for practical, "
                     "d+1 for wu")
          .at_least(0),
      Param::choice("batch_schedule", "constant", "constant|linear",
                    "wu: b_t = batch, or b_t = min(d·t, batch_max) (Wu et al. Cor. 2)"),
      Param::integer("batch_max", 0, "wu, linear schedule: the largest batch; 0 = no cap").at_least(0),
      Param::integer("n_max", 0,
                     "data the GP sees: practical, the sliding window of the most recent points "
                     "(Müller: 5d); wu, the most recent points within local_radius; 0 = 5d (never "
                     "fewer than the current batch)")
          .at_least(0),
      Param::real("local_radius", 4.0,
                  "wu: the GP uses only points within this many lengthscales of x_t (Wu et al. "
                  "keep all data; gibo.md §9)")
          .at_least(0),
      Param::real("eta", 0.0,
                  "wu: step size η of x + η∇μ (Wu et al.: 1/L); wu-bfgs: H₀ = η·I; 0 = ℓ²/(√3·s), "
                  "the typical 1/L of a GP sample path (gibo.md §4.2)")
          .at_least(0),
      Param::real("lr", 0.25, "practical: step size of the normalized step (Müller synthetic: 0.25)")
          .at_least(0),
      Param::real("delta", 0.0,
                  "half-width of the box around x_t where gradient points are searched, problem "
                  "units; 0 = 0.2 of the box width for practical (Müller: 0.2 on [0,1]^d), 3ℓ for "
                  "wu and wu-bfgs (Wu et al. search unconstrained)")
          .at_least(0),
      Param::real("eps_diff", 0.1,
                  "practical: stop the greedy batch once a point lowers the gradient trace by less "
                  "than this (Müller synthetic: 0.1); 0 = always `batch` points")
          .at_least(0),
      Param::boolean("normalize_gradient", true,
                     "practical: step lr·ℓ⊙g/‖g‖ (Müller et al.), else lr·g"),
      Param::choice("design", "auto", "auto|forward|optimized",
                    "wu-bfgs and wu: forward = the closed-form design {x, x + h·e_i}; optimized = "
                    "the joint minimum of the gradient trace; auto = forward for wu-bfgs, optimized "
                    "for wu"),
      Param::real("fd_step", 0.0, "forward design: the step h, problem units; 0 = ℓ·max(1e-4, (noise_variance/outputscale)^¼)").at_least(0),
      Param::integer("max_backtracks", 20,
                     "wu-bfgs: halvings of the step before a line search counts as failed")
          .range(1, 60),
      Param::integer("raw_samples", 64,
                     "Sobol candidates per greedy point (Müller et al., BoTorch: 64)")
          .range(1, 100000),
      Param::integer("restarts", 5, "L-BFGS starts of the gradient-batch search (Müller et al.: 5)")
          .range(1, 1000),
  };
}

Gibo::Gibo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : problem_(problem), host_(host), rng_(seed),
      variant_(variant_from_name(config.string("variant"))),
      kernel_(bo::kernel_type_from_name(config.string("kernel"))),
      outputscale_(config.real("outputscale")), noise_variance_(config.real("noise_variance")),
      fit_(config.string("hyperparameters") == "fit"), batch_(config.integer("batch")),
      linear_schedule_(config.string("batch_schedule") == "linear"),
      batch_max_(config.integer("batch_max")), n_max_(config.integer("n_max")),
      local_radius_(config.real("local_radius")), eta_(config.real("eta")), lr_(config.real("lr")),
      delta_(config.real("delta")), eps_diff_(config.real("eps_diff")),
      normalize_(config.boolean("normalize_gradient")),
      max_backtracks_(static_cast<int>(config.integer("max_backtracks"))),
      raw_samples_(static_cast<int>(config.integer("raw_samples"))),
      restarts_(static_cast<int>(config.integer("restarts"))) {
  if (problem_.has_candidates())
    throw std::invalid_argument("gibo: needs a continuous box, not a finite candidate set");
  if (!problem_.lower.allFinite() || !problem_.upper.allFinite())
    throw std::invalid_argument("gibo: every bound must be finite");
  const Eigen::Index d = problem_.dim();
  const Eigen::VectorXd width = problem_.upper - problem_.lower;

  const double lengthscale = config.real("lengthscale");
  lengthscales_ = lengthscale > 0
                      ? Eigen::VectorXd::Constant(d, lengthscale)
                      : Eigen::VectorXd(width * bo::mueller_lengthscale(d));
  if (eta_ == 0) eta_ = lengthscales_.minCoeff() * lengthscales_.minCoeff() / (std::sqrt(3.0 * outputscale_));
  if (delta_ == 0)
    delta_ = variant_ == Variant::practical ? 0.2 * width.minCoeff() : 3.0 * lengthscales_.maxCoeff();
  const std::string design = config.string("design");
  forward_design_ = design == "forward" || (design == "auto" && variant_ == Variant::wu_bfgs);
  const double fd_step = config.real("fd_step");
  // Noiseless, h → 0 makes the design exact (Wu et al. Lemma 2); with noise, the forward
  // design's trace is smallest near h = ℓ·(σ_n²/s²)^¼ (Lemmas 13-14, as Lemma 5's proof).
  const double relative_step = std::max(1e-4, std::pow(noise_variance_ / outputscale_, 0.25));
  fd_step_ = fd_step > 0 ? Eigen::VectorXd::Constant(d, fd_step) : Eigen::VectorXd(relative_step * lengthscales_);

  hypers_.lengthscales = lengthscales_.cwiseQuotient(width);
  hypers_.outputscale = outputscale_;
  hypers_.noise_variance = std::max(noise_variance_, noise_floor * outputscale_);
  hypers_.mean = 0.0;

  x_ = start_point(config);
  H_ = eta_ * Eigen::MatrixXd::Identity(d, d);
  switch (variant_) {
    case Variant::practical: plan_iterate(); break;
    case Variant::wu: plan_batch(); break;
    case Variant::wu_bfgs: plan_design(); break;
  }
}

Eigen::VectorXd Gibo::start_point(const Config& config) const {
  std::optional<Eigen::VectorXd> x0;
  std::optional<std::int64_t> sobol_index;
  if (config.has("x0")) x0 = config.reals("x0");
  if (config.has("x0_sobol_index")) sobol_index = config.integer("x0_sobol_index");
  return bo::start_point(problem_.lower, problem_.upper, x0, sobol_index, "algorithm 'gibo'");
}

Eigen::Index Gibo::window() const { return n_max_ > 0 ? n_max_ : 5 * problem_.dim(); }

Eigen::Index Gibo::batch_size() const {
  const Eigen::Index d = problem_.dim();
  if (variant_ == Variant::practical) return batch_ > 0 ? batch_ : d;
  if (!linear_schedule_) return batch_ > 0 ? batch_ : d + 1;
  const auto t = static_cast<Eigen::Index>(iteration_) + 1;
  const Eigen::Index b = d * t;  // Wu et al. Cor. 2: b_t = d·t
  return batch_max_ > 0 ? std::min(b, batch_max_) : b;
}

Eigen::VectorXd Gibo::project(const Eigen::VectorXd& x) const {
  return x.cwiseMax(problem_.lower).cwiseMin(problem_.upper);  // Wu et al. eq. 7, for a box
}

bo::GaussianProcess Gibo::make_gp(const std::vector<Observation>& data) const {
  bo::GaussianProcess gp(bo::Kernel(kernel_, problem_.dim()), problem_.lower, problem_.upper,
                         [this](const std::string& m) { host_.debug("gibo: " + m); });
  gp.set_hyperparameters(hypers_);
  if (data.empty()) return gp;
  Eigen::MatrixXd X(static_cast<Eigen::Index>(data.size()), problem_.dim());
  Eigen::VectorXd y(X.rows());
  for (std::size_t i = 0; i < data.size(); ++i) {
    X.row(static_cast<Eigen::Index>(i)) = data[i].x.transpose();
    y[static_cast<Eigen::Index>(i)] = data[i].y;
  }
  // Known hyperparameters are in the user's units of y: no standardization.
  gp.condition(X, y, bo::OutputScaling{0.0, 1.0});
  return gp;
}

std::vector<Gibo::Observation> Gibo::local_data(Eigen::Index cap) const {
  std::vector<Observation> out;
  for (auto it = data_.rbegin(); it != data_.rend() && static_cast<Eigen::Index>(out.size()) < cap; ++it)
    if ((it->x - x_).cwiseQuotient(lengthscales_).norm() <= local_radius_) out.push_back(*it);
  std::reverse(out.begin(), out.end());
  return out;
}

void Gibo::refit(const std::vector<Observation>& data) {
  bo::GaussianProcess gp = make_gp(data);
  bo::FitOptions options;
  options.random_restarts = 2;
  options.learn_noise = false;  // Müller et al. fix the noise in every setup
  options.priors = bo::HyperparameterPriors::botorch();
  bo::fit_hyperparameters(gp, options, rng_());
  hypers_ = gp.hyperparameters();
  lengthscales_ = hypers_.lengthscales.cwiseProduct(problem_.upper - problem_.lower);
}

void Gibo::record(const std::vector<Observation>& told, bool trim) {
  data_.insert(data_.end(), told.begin(), told.end());
  if (!trim) return;
  const auto keep = static_cast<std::size_t>(window());
  if (data_.size() > keep) data_.erase(data_.begin(), data_.end() - static_cast<std::ptrdiff_t>(keep));
}

Points Gibo::ask(std::size_t max_points) {
  if (queue_.empty()) throw std::logic_error("gibo: asked again before the last points were told");
  // Converged: the rest of the budget goes to the iterate in as few rounds as the host allows,
  // rather than one evaluation (and one record flush) per round.
  if (stage_ == Stage::converged) queue_.resize(std::max<std::size_t>(1, max_points), x_);
  const std::size_t n = std::min(std::max<std::size_t>(1, max_points), queue_.size());
  Points X(static_cast<Eigen::Index>(n), problem_.dim());
  for (std::size_t i = 0; i < n; ++i) {
    X.row(static_cast<Eigen::Index>(i)) = queue_.front().transpose();
    queue_.pop_front();
  }
  awaiting_ += n;
  return X;
}

void Gibo::tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
  const auto n = static_cast<std::size_t>(X.rows());
  awaiting_ -= std::min(awaiting_, n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    if (status[i] != BOPP_OK || !std::isfinite(y[row])) continue;  // failed: dropped
    told_.push_back({X.row(row).transpose(), y[row]});
  }
  advance();
}

// Runs the stages whose points are all told; each finishing stage plans the next.
void Gibo::advance() {
  while (queue_.empty() && awaiting_ == 0) {
    std::vector<Observation> told = std::move(told_);
    told_.clear();
    switch (stage_) {
      case Stage::iterate:
        record(told, true);
        plan_batch();
        break;
      case Stage::batch:
        record(told, variant_ == Variant::practical);
        finish_batch();
        break;
      case Stage::design: finish_design(told); break;
      case Stage::line_search: finish_line_search(told); break;
      case Stage::converged: queue_.push_back(x_); break;  // ask() widens it to a full batch
    }
  }
}

void Gibo::plan_iterate() {
  stage_ = Stage::iterate;
  queue_.push_back(x_);  // Müller et al.: f(x_t) joins the data every iteration
}

void Gibo::plan_batch() {
  stage_ = Stage::batch;
  const std::vector<Observation> data = variant_ == Variant::practical ? data_ : local_data(window());
  if (fit_ && static_cast<Eigen::Index>(data.size()) >= window()) refit(data);
  const Eigen::Index b = batch_size();
  if (variant_ == Variant::wu && forward_design_) {
    for (Eigen::Index i = 0; i < std::min(b, problem_.dim() + 1); ++i) {
      Eigen::VectorXd z = x_;
      if (i > 0) z[i - 1] += z[i - 1] + fd_step_[i - 1] <= problem_.upper[i - 1] ? fd_step_[i - 1] : -fd_step_[i - 1];
      queue_.push_back(z);
    }
    return;
  }
  const bo::GaussianProcess gp = make_gp(data);
  bo::GradientBatchOptions options;
  options.mode = variant_ == Variant::practical ? bo::GradientBatchOptions::Mode::greedy
                                                : bo::GradientBatchOptions::Mode::joint;
  options.batch = b;
  options.box_delta = delta_;
  options.min_reduction = variant_ == Variant::practical ? eps_diff_ : 0.0;
  options.raw_samples = raw_samples_;
  options.restarts = restarts_;
  const bo::GradientBatch chosen = bo::select_gradient_batch(gp, x_, options, rng_());
  for (Eigen::Index i = 0; i < chosen.points.rows(); ++i) queue_.push_back(chosen.points.row(i).transpose());
  if (queue_.empty()) queue_.push_back(x_);  // never an empty stage: it would spin
}

void Gibo::finish_batch() {
  const Eigen::Index cap = std::max(window(), batch_size());
  const bo::GaussianProcess gp = make_gp(variant_ == Variant::practical ? data_ : local_data(cap));
  gradient_point_ = x_;
  gradient_ = bo::gradient_posterior(gp, x_).mean;
  if (variant_ == Variant::practical) {
    // Müller et al.: ascent along ℓ⊙g/‖g‖ (their code, BayesianGradientAscent.step).
    const double norm = gradient_.norm();
    if (normalize_) {
      if (norm > 0) x_ = project(x_ + lr_ * lengthscales_.cwiseProduct(gradient_) / norm);
    } else {
      x_ = project(x_ + lr_ * gradient_);
    }
    ++iteration_;
    plan_iterate();
    return;
  }
  x_ = project(x_ + eta_ * gradient_);  // Wu et al. eq. 7 with ascent's sign
  ++iteration_;
  plan_batch();
}

void Gibo::plan_design() {
  stage_ = Stage::design;
  if (!have_value_) queue_.push_back(x_);
  const Eigen::Index d = problem_.dim();
  if (forward_design_) {
    // {x, x + h·e_i}; a step that would leave the box goes the other way.
    for (Eigen::Index i = 0; i < d; ++i) {
      Eigen::VectorXd z = x_;
      z[i] += z[i] + fd_step_[i] <= problem_.upper[i] ? fd_step_[i] : -fd_step_[i];
      queue_.push_back(z);
    }
    return;
  }
  // The trace does not depend on the labels, so x_k's value may still be unknown here.
  const bo::GaussianProcess gp = make_gp({{x_, have_value_ ? value_ : 0.0}});
  bo::GradientBatchOptions options;
  options.mode = bo::GradientBatchOptions::Mode::joint;
  options.batch = d;
  options.box_delta = delta_;
  options.raw_samples = raw_samples_;
  options.restarts = restarts_;
  const bo::GradientBatch chosen = bo::select_gradient_batch(gp, x_, options, rng_());
  for (Eigen::Index i = 0; i < chosen.points.rows(); ++i) queue_.push_back(chosen.points.row(i).transpose());
}

void Gibo::finish_design(const std::vector<Observation>& told) {
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
  gradient_point_ = x_;
  gradient_ = bo::gradient_posterior(make_gp(design), x_).mean;

  if (previous_gradient_.size() > 0) {
    // BFGS on −f: s = x_{k+1} − x_k, y = ∇(−f)_{k+1} − ∇(−f)_k (Nocedal & Wright, eq. 6.17).
    const Eigen::VectorXd s = x_ - previous_x_;
    const Eigen::VectorXd y = previous_gradient_ - gradient_;
    const double sy = s.dot(y);
    if (sy > 1e-10 * s.norm() * y.norm()) {
      if (first_update_) {
        H_ = (sy / y.squaredNorm()) * Eigen::MatrixXd::Identity(s.size(), s.size());  // N&W eq. 6.20
        first_update_ = false;
      }
      const Eigen::VectorXd Hy = H_ * y;
      H_ += ((sy + y.dot(Hy)) / (sy * sy)) * s * s.transpose() - (Hy * s.transpose() + s * Hy.transpose()) / sy;
    }
    previous_gradient_.resize(0);
  }
  if (gradient_.norm() < gradient_tolerance) {
    host_.info("gibo: ‖∇μ‖ < 1e-6 at iteration " + std::to_string(iteration_) + "; converged");
    stage_ = Stage::converged;
    queue_.push_back(x_);
    return;
  }
  direction_ = H_ * gradient_;
  step_ = 1.0;
  backtracks_ = 0;
  plan_line_search();
}

void Gibo::plan_line_search() {
  stage_ = Stage::line_search;
  const Eigen::VectorXd trial = project(x_ + step_ * direction_);
  if (trial == x_) {
    line_search_failed();
    return;
  }
  queue_.push_back(trial);
}

void Gibo::finish_line_search(const std::vector<Observation>& told) {
  if (!told.empty()) {
    const Observation& trial = told.front();
    // Armijo on the observed values, along the projected step.
    const bool accept = !have_value_ || trial.y >= value_ + armijo_c1 * gradient_.dot(trial.x - x_);
    if (accept) {
      failures_ = 0;
      previous_x_ = x_;
      previous_gradient_ = gradient_;
      x_ = trial.x;
      value_ = trial.y;
      have_value_ = true;
      ++iteration_;
      plan_design();
      return;
    }
  }
  step_ *= 0.5;
  if (++backtracks_ > max_backtracks_) {
    line_search_failed();
    return;
  }
  plan_line_search();
}

// A failed line search restarts H = η·I; a second one in a row means the gradient estimate
// itself is off (on a noiseless f, the forward design's O(h) bias), so the design is redone
// at x_k with a ten times smaller step, down to min_relative_fd_step.
void Gibo::line_search_failed() {
  H_ = eta_ * Eigen::MatrixXd::Identity(problem_.dim(), problem_.dim());
  first_update_ = true;
  if (++failures_ < 2) {
    direction_ = H_ * gradient_;
    step_ = 1.0;
    backtracks_ = 0;
    plan_line_search();
    return;
  }
  failures_ = 0;
  if (forward_design_) {
    fd_step_ /= 10;
    if ((fd_step_.array() < min_relative_fd_step * lengthscales_.array()).any()) {
      host_.info("gibo: line searches fail at the finest design step; converged");
      stage_ = Stage::converged;
      queue_.push_back(x_);
      return;
    }
  }
  plan_design();
}

}  // namespace bopp::gibo
