// Bayesian optimization as Shahriari et al. 2016 give it (Algorithm 1), started from a
// space-filling design and asked in batches:
//
//   D ← f at n_init scrambled-Sobol points (random rows of a      ask_design
//     candidate set); single random points while |D| < 2
//   for n = 1, 2, …
//     update the model: a GP on D, θ ← MAP(θ | D) from θ_{n−1}    fit_model
//     for each of the q points of the batch                       ask
//       x ← argmax_x α(x; GP), over the box or the unasked rows   choose
//       kriging believer: x joins the GP as a fantasy at its
//         mean; Thompson: every x has a sample of its own
//     query f at the batch; D ← D ∪ {its successful (x, y)}       tell
#include "gpbo.hpp"

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/best_observed.hpp>
#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/pathwise_sample.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/bo/uniform_point.hpp>
#include <bopp/bo/weight_space_sample.hpp>
#include <bopp/kit/host_design.hpp>

#include <algorithm>
#include <memory>

namespace bopp::gpbo {

std::vector<Param> Gpbo::params() {
  std::vector<Param> params = {
      // Bounded where the design still fits a machine: a larger value is refused naming the
      // key, not a bare std::bad_alloc.
      Param::integer("initial_points", 0, "size of the initial Sobol design; 0 means 2 (dim + 1)")
          .range(0, 1000000),
      Param::choice("acquisition", "logei", "ei|logei|ucb|ts",
                    "acquisition function: expected improvement, its log, UCB, Thompson sampling"),
      Param::choice("kernel", "matern52", "matern52|matern32|matern12|rbf", "GP kernel (ARD)"),
      Param::choice(
          "batch", "believer", "believer|thompson",
          "how q > 1 points are chosen: kriging believer or independent Thompson samples"),
  };
  // Adaptive restarts: about a third of every_fit's likelihood evaluations at the same
  // regret on hartmann6 and levy (d = 20), for MAP and maximum-likelihood fits
  // (docs/toolkit.md, "Restart schedule").
  for (Param& p : bo::global_bo_params({.optimizer_restarts = 8,
                  .priors = true,
                  .fit_restart = {.rule = bo::FitRestartRule::adaptive}}))
    params.push_back(std::move(p));
  params.push_back(
      Param::integer("thompson_features", 1024, "random Fourier features of a Thompson sample")
          .range(16, 100000));
  params.push_back(Param::choice(
      "thompson_sampler", "pathwise", "pathwise|weight_space|weight_space_first_lengthscale",
      "how a Thompson sample is drawn: a feature prior with the exact update from the data "
      "(Wilson et al. 2020), Bayesian linear regression on the kernel's features, or on "
      "isotropic RBF features with the first lengthscale, each point's scaled to length sigma_f "
      "(the GP-TS baseline of Dai et al. 2022's code)"));
  params.push_back(Param::integer("refit_every", 1,
                                  "fit the hyperparameters at every k-th model-based ask (the "
                                  "first always); the asks between keep the last fit's")
                       .range(1, 1000000));
  params.push_back(Param::choice(
      "outputs", "standardized", "standardized|raw",
      "the GP's outputs: standardized at every fit under a fitted constant mean, or raw under a "
      "zero prior mean (GPy's default; divided by one fixed scale, the first fit's standard "
      "deviation; use with priors = false, as the priors are set for standardized outputs)"));
  for (Param& p : bo::ucb_beta_params(2.0)) params.push_back(std::move(p));
  params.push_back(design_from_host_param());
  return params;
}

Gpbo::Gpbo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : problem_(problem),
      rng_(seed),
      initial_points_(config.integer("initial_points")),
      design_from_host_(config.boolean(kDesignFromHost)),
      acquisition_(config.string("acquisition")),
      beta_(bo::read_ucb_beta(config)),
      batch_rule_(config.string("batch") == "thompson" || config.string("acquisition") == "ts"
                      ? BatchRule::thompson
                      : BatchRule::kriging_believer),
      settings_(bo::read_global_bo_settings(config)),
      thompson_features_(static_cast<int>(config.integer("thompson_features"))),
      thompson_sampler_(config.string("thompson_sampler")),
      fit_(bo::kernel_type_from_name(config.string("kernel")), problem.lower, problem.upper,
           settings_, [host](const std::string& m) { host.debug("gpbo: " + m); }, {},
           {.refit_every = static_cast<int>(config.integer("refit_every")),
            .raw_outputs = config.string("outputs") == "raw"}),
      X_(0, problem.dim()),
      pending_(problem.dim()) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm 'gpbo'");
  if (initial_points_ == 0) initial_points_ = 2 * (problem_.dim() + 1);
  // The host's design takes the place of the Sobol design (or the random rows): none is asked.
  if (design_from_host_) initial_points_ = 0;
  if (problem_.has_candidates()) {
    candidates_.emplace(problem_.candidates.rows());
  } else {
    design_ = bo::InitialDesign(initial_points_, problem_.lower, problem_.upper, rng_());
  }
}

Points Gpbo::ask(std::size_t max_points) {
  const auto q = static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points));
  if (design_asked_ < initial_points_ || y_.size() < 2) return ask_design(q);
  fit_model();
  bo::GaussianProcess working = *gp_;
  const bool believer = batch_rule_ == BatchRule::kriging_believer;
  if (believer && !pending_.empty()) working.add_fantasies(pending_.points());
  Points out(q, problem_.dim());
  for (Eigen::Index i = 0; i < q; ++i) {
    const Eigen::VectorXd x = choose(working, rng_());
    out.row(i) = x.transpose();
    if (believer && i + 1 < q) working.add_fantasies(x.transpose());
  }
  pending_.add(out);
  return out;
}

// The rest of the design, up to q points; past it, one random point while fewer than two
// evaluations succeeded.
Points Gpbo::ask_design(Eigen::Index q) {
  const Eigen::Index count =
      design_asked_ < initial_points_ ? std::min(q, initial_points_ - design_asked_) : 1;
  Points out(count, problem_.dim());
  for (Eigen::Index i = 0; i < count; ++i) out.row(i) = next_design_point().transpose();
  pending_.add(out);
  return out;
}

Eigen::VectorXd Gpbo::next_design_point() {
  if (candidates_) {
    ++design_asked_;
    return problem_.candidates.row(candidates_->random_unasked(rng_)).transpose();
  }
  if (!design_.exhausted()) {
    ++design_asked_;
    return design_.next();
  }
  return bo::uniform_in_box(rng_, problem_.lower, problem_.upper);
}

void Gpbo::fit_model() { gp_ = fit_.fit(X_, y_, rng_()); }

Eigen::VectorXd Gpbo::choose(bo::GaussianProcess& gp, std::uint64_t seed) {
  std::unique_ptr<bo::Acquisition> acquisition;
  const double best = y_.maxCoeff();
  if (batch_rule_ == BatchRule::thompson) {
    if (thompson_sampler_ == "pathwise")
      acquisition = std::make_unique<bo::PathwiseSample>(gp, thompson_features_, seed);
    else
      acquisition = std::make_unique<bo::WeightSpaceSample>(
          gp, thompson_features_,
          thompson_sampler_ == "weight_space"
              ? bo::WeightSpaceFeatures::kernel
              : bo::WeightSpaceFeatures::first_lengthscale_unit_norm,
          seed);
  } else if (acquisition_ == "ei") {
    acquisition = std::make_unique<bo::ExpectedImprovement>(gp, best);
  } else if (acquisition_ == "logei") {
    acquisition = std::make_unique<bo::LogExpectedImprovement>(gp, best);
  } else {
    // t: the evaluation being chosen, the fantasies of this batch counted.
    const auto t = static_cast<std::int64_t>(gp.size()) + 1;
    acquisition = std::make_unique<bo::UpperConfidenceBound>(gp, beta_.at(t, problem_.dim()));
  }
  if (candidates_) {
    const auto chosen =
        bo::maximize_over_candidates(*acquisition, problem_.candidates, candidates_->excluded());
    candidates_->mark_asked(chosen.index);
    return chosen.x;
  }
  Eigen::Index incumbent = 0;
  y_.maxCoeff(&incumbent);
  return bo::maximize_acquisition(*acquisition, problem_.lower, problem_.upper,
                                  settings_.optimizer_options(), seed, X_.row(incumbent))
      .x;
}

void Gpbo::tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
  pending_.remove_told(X);
  // Rows of the host's design were not asked here: the acquisition passes over them as over the
  // rows it asked.
  if (design_from_host_ && candidates_) {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      Eigen::Index row = 0;
      if ((problem_.candidates.rowwise() - X.row(r)).rowwise().squaredNorm().minCoeff(&row) == 0.0)
        candidates_->mark_asked(row);
    }
  }
  bo::append_successful_rows(X_, y_, X, y, status);
}

Eigen::VectorXd Gpbo::recommend() const {
  return bo::best_observed(X_, y_, problem_.lower, problem_.upper);
}

void Gpbo::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("fit", fit_);
  archive.write("design", design_);
  if (candidates_) archive.write("candidates", *candidates_);
  archive.write("design_asked", design_asked_);
  archive.write("X", X_);
  archive.write("y", y_);
  archive.write("pending", pending_);
}

void Gpbo::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  archive.read("fit", fit_);
  archive.read("design", design_);
  if (candidates_) archive.read("candidates", *candidates_);
  archive.read("design_asked", design_asked_);
  archive.read("X", X_);
  archive.read("y", y_);
  archive.read("pending", pending_);
  if (X_.cols() != problem_.dim() || X_.rows() != y_.size())
    throw StateError("state: observations of another shape");
  gp_.reset();
}

}  // namespace bopp::gpbo
