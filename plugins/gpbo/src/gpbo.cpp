#include "gpbo.hpp"

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/pathwise_sample.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/bo/ucb_beta.hpp>

#include <algorithm>
#include <memory>

namespace bopp::gpbo {

std::vector<Param> Gpbo::params() {
  std::vector<Param> params = {
      Param::integer("initial_points", 0, "size of the initial Sobol design; 0 means 2 (dim + 1)")
          .at_least(0),
      Param::choice("acquisition", "logei", "ei|logei|ucb|ts",
                    "acquisition function: expected improvement, its log, UCB, Thompson sampling"),
      Param::choice("kernel", "matern52", "matern52|matern32|matern12|rbf", "GP kernel (ARD)"),
      Param::choice(
          "batch", "believer", "believer|thompson",
          "how q > 1 points are chosen: kriging believer or independent Thompson samples"),
      Param::boolean("learn_noise", true, "fit the noise variance (else use noise_variance)"),
      Param::real("noise_variance", 1e-6,
                  "fixed noise variance in standardized units, when learn_noise is false")
          .range(0, 10),
      Param::boolean("priors", true, "Gamma priors on the hyperparameters (BoTorch's defaults)"),
      Param::integer("fit_restarts", 2, "random restarts of the hyperparameter fit").range(0, 100),
      Param::integer("raw_samples", 512, "Sobol points to seed the acquisition optimizer")
          .range(1, 1000000),
      Param::integer("optimizer_restarts", 8, "L-BFGS runs of the acquisition optimizer")
          .range(0, 1000),
      Param::integer("thompson_features", 1024, "random Fourier features of a Thompson sample")
          .range(16, 100000),
  };
  for (Param& p : bo::ucb_beta_params(2.0)) params.push_back(std::move(p));
  return params;
}

Gpbo::Gpbo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : problem_(problem),
      host_(host),
      rng_(seed),
      initial_points_(config.integer("initial_points")),
      acquisition_(config.string("acquisition")),
      beta_(bo::read_ucb_beta(config)),
      kernel_(bo::kernel_type_from_name(config.string("kernel"))),
      thompson_batches_(config.string("batch") == "thompson" ||
                        config.string("acquisition") == "ts"),
      learn_noise_(config.boolean("learn_noise")),
      noise_variance_(config.real("noise_variance")),
      priors_(config.boolean("priors")),
      fit_restarts_(static_cast<int>(config.integer("fit_restarts"))),
      raw_samples_(static_cast<int>(config.integer("raw_samples"))),
      optimizer_restarts_(static_cast<int>(config.integer("optimizer_restarts"))),
      thompson_features_(static_cast<int>(config.integer("thompson_features"))),
      X_(0, problem.dim()),
      pending_(problem.dim()) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm 'gpbo'");
  if (initial_points_ == 0) initial_points_ = 2 * (problem_.dim() + 1);
  if (problem_.has_candidates()) {
    candidate_used_.assign(static_cast<std::size_t>(problem_.candidates.rows()), false);
  } else {
    design_ = bo::scale_to_box(bo::sobol_design(initial_points_, problem_.dim(), rng_()),
                               problem_.lower, problem_.upper);
  }
}

Eigen::VectorXd Gpbo::next_design_point() {
  if (problem_.has_candidates()) {
    // A random row not asked yet (all rows asked: any row).
    std::vector<Eigen::Index> free;
    for (std::size_t i = 0; i < candidate_used_.size(); ++i)
      if (!candidate_used_[i]) free.push_back(static_cast<Eigen::Index>(i));
    Eigen::Index row = 0;
    if (free.empty()) {
      row = static_cast<Eigen::Index>(rng_() % candidate_used_.size());
    } else {
      row = free[rng_() % free.size()];
    }
    candidate_used_[static_cast<std::size_t>(row)] = true;
    ++design_used_;
    return problem_.candidates.row(row).transpose();
  }
  if (design_used_ < design_.rows()) return design_.row(design_used_++).transpose();
  // Past the design with too few successes for a model: uniform points.
  Eigen::VectorXd x(problem_.dim());
  for (Eigen::Index j = 0; j < x.size(); ++j)
    x[j] = bo::uniform(rng_, problem_.lower[j], problem_.upper[j]);
  return x;
}

void Gpbo::fit_model() {
  bo::GaussianProcess gp(bo::Kernel(kernel_, problem_.dim()), problem_.lower, problem_.upper,
                         [this](const std::string& m) { host_.debug("gpbo: " + m); });
  if (last_fit_) {
    gp.set_hyperparameters(*last_fit_);
  } else {
    bo::Hyperparameters start = gp.hyperparameters();
    start.noise_variance = learn_noise_ ? 1e-4 : noise_variance_;
    gp.set_hyperparameters(start);
  }
  gp.condition(X_, y_);
  bo::FitOptions options;
  options.random_restarts = fit_restarts_;
  options.learn_noise = learn_noise_;
  if (priors_) options.priors = bo::HyperparameterPriors::botorch();
  bo::fit_hyperparameters(gp, options, rng_());
  last_fit_ = gp.hyperparameters();
  gp_ = std::move(gp);
}

Eigen::VectorXd Gpbo::choose(bo::GaussianProcess& gp, bool thompson, std::uint64_t seed) {
  std::unique_ptr<bo::Acquisition> acquisition;
  const double best = y_.maxCoeff();
  if (thompson) {
    acquisition = std::make_unique<bo::PathwiseSample>(gp, thompson_features_, seed);
  } else if (acquisition_ == "ei") {
    acquisition = std::make_unique<bo::ExpectedImprovement>(gp, best);
  } else if (acquisition_ == "logei") {
    acquisition = std::make_unique<bo::LogExpectedImprovement>(gp, best);
  } else {
    // t: the evaluation being chosen, the fantasies of this batch counted.
    const auto t = static_cast<std::int64_t>(gp.size()) + 1;
    acquisition = std::make_unique<bo::UpperConfidenceBound>(gp, beta_.at(t, problem_.dim()));
  }
  if (problem_.has_candidates()) {
    const bool all_used =
        std::find(candidate_used_.begin(), candidate_used_.end(), false) == candidate_used_.end();
    const auto chosen = bo::maximize_over_candidates(
        *acquisition, problem_.candidates, all_used ? std::vector<bool>{} : candidate_used_);
    candidate_used_[static_cast<std::size_t>(chosen.index)] = true;
    return chosen.x;
  }
  bo::AcquisitionOptimizerOptions options;
  options.raw_samples = raw_samples_;
  options.restarts = optimizer_restarts_;
  Eigen::Index incumbent = 0;
  y_.maxCoeff(&incumbent);
  return bo::maximize_acquisition(*acquisition, problem_.lower, problem_.upper, options, seed,
                                  X_.row(incumbent))
      .x;
}

Points Gpbo::ask(std::size_t max_points) {
  const auto q = static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points));
  Points out(q, problem_.dim());
  Eigen::Index filled = 0;
  // The initial design; past it, single random points while fewer than two succeeded.
  const bool in_design = design_used_ < initial_points_;
  if (in_design || y_.size() < 2) {
    const Eigen::Index count = in_design ? std::min(q, initial_points_ - design_used_) : 1;
    for (Eigen::Index i = 0; i < count; ++i) out.row(i) = next_design_point().transpose();
    out.conservativeResize(count, Eigen::NoChange);
    pending_.add(out);
    return out;
  }
  fit_model();
  bo::GaussianProcess working = *gp_;
  if (!thompson_batches_ && !pending_.empty()) working.add_fantasies(pending_.points());
  for (; filled < q; ++filled) {
    const Eigen::VectorXd x = choose(working, thompson_batches_, rng_());
    out.row(filled) = x.transpose();
    if (!thompson_batches_ && filled + 1 < q) working.add_fantasies(x.transpose());
  }
  pending_.add(out);
  return out;
}

void Gpbo::tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
  pending_.remove_told(X);
  bo::append_successful_rows(X_, y_, X, y, status);
}

Eigen::VectorXd Gpbo::recommend() const {
  if (y_.size() == 0) return (problem_.lower + problem_.upper) / 2;
  Eigen::Index best = 0;
  y_.maxCoeff(&best);
  return X_.row(best).transpose();
}

}  // namespace bopp::gpbo
