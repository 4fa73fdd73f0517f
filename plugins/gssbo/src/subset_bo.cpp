#include "subset_bo.hpp"

#include "sample_gradients.hpp"
#include "sign_balance.hpp"

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/fit_hyperparameters.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace bopp::gssbo {
namespace {

// The noise floor of the fit, in standardized units.
constexpr double min_noise_variance = 1e-6;

std::vector<Eigen::Index> all_rows(Eigen::Index n) {
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(n));
  std::iota(rows.begin(), rows.end(), Eigen::Index{0});
  return rows;
}

}  // namespace

SubsetBo::SubsetBo(SubsetRule rule, const std::string& name, const Problem& problem,
                   const Config& config, std::uint64_t seed, const Host& host, Clock clock)
    : rule_(rule),
      name_(name),
      problem_(problem),
      host_(host),
      settings_(read_settings(config, rule == SubsetRule::gradient)),
      clock_(std::move(clock)),
      rng_(seed),
      selection_rng_(mix64(seed)),  // a stream apart from rng_'s
      schedule_(settings_.buffer_mode, settings_.buffer_size, settings_.time_factor,
                settings_.timing_window, settings_.switch_at),
      X_(0, problem.dim()) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm '" + name_ + "'");
  design_ = bo::scale_to_box(bo::sobol_design(settings_.initial_points, problem_.dim(), rng_()),
                             problem_.lower, problem_.upper);
}

double SubsetBo::seconds_since(std::chrono::steady_clock::time_point start) const {
  return std::chrono::duration<double>(clock_() - start).count();
}

Points SubsetBo::ask(std::size_t max_points) {
  const auto q = static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points));
  if (design_used_ < design_.rows()) {
    const Eigen::Index count = std::min(q, design_.rows() - design_used_);
    Points out = design_.middleRows(design_used_, count);
    design_used_ += count;
    return out;
  }
  if (y_.size() < 2) {
    // Too few successes for a model: a uniform point.
    Points out(1, problem_.dim());
    for (Eigen::Index j = 0; j < out.cols(); ++j)
      out(0, j) = bo::uniform(rng_, problem_.lower[j], problem_.upper[j]);
    return out;
  }
  const auto start = clock_();
  update_model();
  // t: the evaluation being chosen, the initial design counted.
  const bo::UpperConfidenceBound ucb(*gp_, settings_.beta.at(y_.size() + 1, problem_.dim()));
  bo::AcquisitionOptimizerOptions options;
  options.raw_samples = settings_.raw_samples;
  options.restarts = settings_.optimizer_restarts;
  Eigen::Index incumbent = 0;
  y_.maxCoeff(&incumbent);
  const Eigen::VectorXd x = bo::maximize_acquisition(ucb, problem_.lower, problem_.upper, options,
                                                     rng_(), X_.row(incumbent))
                                .x;
  schedule_.record_iteration(tell_seconds_ + seconds_since(start));
  tell_seconds_ = 0.0;
  return x.transpose();
}

void SubsetBo::tell(const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  const auto start = clock_();
  bo::append_successful_rows(X_, y_, X, y, status);
  // The model is updated here once the design is out, so the update belongs to this tell's
  // time; during the design the next model-based ask does it.
  if (design_used_ == design_.rows() && y_.size() >= 2) update_model();
  tell_seconds_ += seconds_since(start);
}

Eigen::VectorXd SubsetBo::recommend() const {
  if (y_.size() == 0) return (problem_.lower + problem_.upper) / 2;
  Eigen::Index best = 0;
  y_.maxCoeff(&best);
  return X_.row(best).transpose();
}

void SubsetBo::update_model() {
  const Eigen::Index n = X_.rows();
  if (n == model_size_) return;  // nothing new since the last fit
  if (const auto line = schedule_.advance(n)) host_.info(name_ + ": " + *line);
  std::vector<Eigen::Index> rows;
  if (schedule_.selecting(n)) {
    // Without a previous subset GP (a first tell past M), the first M rows serve as its subset.
    if (!gp_) fit(all_rows(schedule_.capacity()));
    const std::vector<Eigen::Index> forced = forced_rows();
    rows = rule_ == SubsetRule::gradient ? select_by_gradient(forced) : select_at_random(forced);
  } else {
    rows = all_rows(n);
  }
  fit(rows);
  model_size_ = n;
}

std::vector<Eigen::Index> SubsetBo::forced_rows() const {
  const Eigen::Index n = X_.rows();
  std::vector<Eigen::Index> forced = all_rows(std::min(settings_.initial_points, n - 1));
  forced.push_back(n - 1);
  return forced;
}

std::vector<Eigen::Index> SubsetBo::select_by_gradient(const std::vector<Eigen::Index>& forced) {
  gradients_ = settings_.gradient_source == GradientSource::exact
                   ? exact_gradients(*gp_, X_, y_)
                   : pilot_gradients(*gp_, subset_, X_, y_);
  // Every row gets a draw, forced ones too, so the stream's use depends only on |D|.
  const double sd = std::sqrt(settings_.perturbation_variance);
  perturbed_ = gradients_;
  for (Eigen::Index i = 0; i < perturbed_.size(); ++i)
    perturbed_[i] += sd * bo::standard_normal(selection_rng_);
  std::vector<Eigen::Index> rows =
      select_sign_balanced(perturbed_, forced, schedule_.capacity(), settings_.tie_break);
  Eigen::Index flipped = 0, positive = 0;
  for (Eigen::Index i = 0; i < perturbed_.size(); ++i)
    flipped += gradient_sign(perturbed_[i]) != gradient_sign(gradients_[i]);
  for (const Eigen::Index i : rows) positive += perturbed_[i] > 0;
  char line[160];
  std::snprintf(line, sizeof line,
                "%s: n = %ld, |U| = %zu (%ld positive, %ld negative gradients), the perturbation "
                "flipped %ld signs",
                name_.c_str(), static_cast<long>(X_.rows()), rows.size(),
                static_cast<long>(positive), static_cast<long>(rows.size()) - positive,
                static_cast<long>(flipped));
  host_.debug(line);
  return rows;
}

std::vector<Eigen::Index> SubsetBo::select_at_random(const std::vector<Eigen::Index>& forced) {
  const Eigen::Index n = X_.rows();
  std::vector<bool> is_forced(static_cast<std::size_t>(n), false);
  for (const Eigen::Index i : forced) is_forced[static_cast<std::size_t>(i)] = true;
  std::vector<Eigen::Index> pool;
  for (Eigen::Index i = 0; i < n; ++i)
    if (!is_forced[static_cast<std::size_t>(i)]) pool.push_back(i);
  const std::size_t free = std::min(
      pool.size(), static_cast<std::size_t>(std::max<Eigen::Index>(
                       0, schedule_.capacity() - static_cast<Eigen::Index>(forced.size()))));
  // Partial Fisher-Yates: the first `free` places of the pool become a uniform draw.
  for (std::size_t k = 0; k < free; ++k) {
    const std::size_t j = k + bo::uniform_index(selection_rng_, pool.size() - k);
    std::swap(pool[k], pool[j]);
  }
  std::vector<Eigen::Index> rows = forced;
  rows.insert(rows.end(), pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(free));
  std::sort(rows.begin(), rows.end());
  host_.debug(name_ + ": n = " + std::to_string(n) + ", |U| = " + std::to_string(rows.size()));
  return rows;
}

void SubsetBo::fit(const std::vector<Eigen::Index>& rows) {
  bo::GaussianProcess gp(bo::Kernel(bo::KernelType::matern52, problem_.dim()), problem_.lower,
                         problem_.upper,
                         [this](const std::string& m) { host_.debug(name_ + ": " + m); });
  if (last_fit_) {
    gp.set_hyperparameters(*last_fit_);
  } else {
    bo::Hyperparameters start = gp.hyperparameters();
    start.noise_variance = settings_.learn_noise ? 1e-4 : min_noise_variance;
    gp.set_hyperparameters(start);
  }
  gp.condition(X_(rows, Eigen::all), y_(rows));
  bo::FitOptions options;
  options.random_restarts = settings_.fit_restarts;
  options.learn_noise = settings_.learn_noise;
  options.bounds.min_noise_variance = min_noise_variance;
  if (settings_.priors) options.priors = bo::HyperparameterPriors::botorch();
  bo::fit_hyperparameters(gp, options, rng_());
  last_fit_ = gp.hyperparameters();
  gp_ = std::move(gp);
  subset_ = rows;
}

}  // namespace bopp::gssbo
