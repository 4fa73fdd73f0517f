// Wei et al. 2025, Algorithm 1, with GP-UCB as the acquisition:
//
//   D ← f at n_init scrambled-Sobol points                      ask_design
//   for t = n_init + 1, …, N
//     x_t ← argmax_x μ_U(x) + √β_t σ_U(x) over the box          ask
//     y_t ← f(x_t); D ← D ∪ {(x_t, y_t)}                        tell
//     if not switched and the iteration took > Z·T̄:             BufferSchedule::advance
//       switched, M ← |D|
//     if switched: U ← the n_init first, the newest, and        update_model
//       M − n_init − 1 rows chosen by perturbed gradients       select_by_gradient
//       (gssbo) or at random (rssbo)                            select_at_random
//     else U ← D
//     update the GP on U, its fit started from the last one     fit
//     (model = "inducing": the Nyström GP on D, U inducing)     build_inducing
#include "subset_bo.hpp"

#include "inducing_ucb.hpp"
#include "sample_gradients.hpp"
#include "sign_balance.hpp"

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/acquisition_optimizer.hpp>
#include <bopp/bo/best_observed.hpp>
#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/bo/uniform_point.hpp>
#include <bopp/kit/host_design.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <numeric>

namespace bopp::gssbo {
namespace {

// The fit's bounds, with the noise floored at 1e-6 in standardized units.
bo::HyperparameterBounds floored_noise() {
  bo::HyperparameterBounds bounds;
  bounds.min_noise_variance = 1e-6;
  return bounds;
}

// The clock `timed_clock` names, in seconds.
SubsetBo::Clock settings_clock(TimedClock kind) {
  if (kind == TimedClock::cpu) {
    return [] {
      timespec t{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
      return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
    };
  }
  return [] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  };
}

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
      settings_(read_settings(config, rule)),
      clock_(clock ? std::move(clock) : settings_clock(settings_.timed_clock)),
      rng_(seed),
      selection_rng_(mix64(seed)),  // a stream apart from rng_'s
      schedule_(settings_.buffer_mode, settings_.buffer_size, settings_.time_factor,
                settings_.timing_window, settings_.switch_at),
      fit_(bo::KernelType::matern52, problem.lower, problem.upper, settings_.model, model_log(),
           floored_noise()),
      X_(0, problem.dim()) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm '" + name_ + "'");
  // The host's design takes the place of the Sobol design; n_init still counts the first
  // observations the subset always keeps.
  const Eigen::Index own = config.boolean(kDesignFromHost) ? 0 : settings_.initial_points;
  design_ = bo::InitialDesign(own, problem_.lower, problem_.upper, rng_());
}

bo::LogCallback SubsetBo::model_log() const {
  return [host = host_, name = name_](const std::string& m) { host.debug(name + ": " + m); };
}

double SubsetBo::seconds_since(double start) const { return clock_() - start; }

Points SubsetBo::ask(std::size_t max_points) {
  const auto q = static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points));
  if (!design_.exhausted() || y_.size() < 2) return ask_design(q);
  const auto start = clock_();
  update_model();
  // t: the evaluation being chosen, the initial design counted.
  const double beta = settings_.beta.at(y_.size() + 1, problem_.dim());
  std::unique_ptr<bo::Acquisition> ucb;
  if (inducing_)
    ucb = std::make_unique<InducingUcb>(*inducing_, beta);
  else
    ucb = std::make_unique<bo::UpperConfidenceBound>(*gp_, beta);
  Eigen::Index incumbent = 0;
  y_.maxCoeff(&incumbent);
  const Eigen::VectorXd x =
      bo::maximize_acquisition(*ucb, problem_.lower, problem_.upper,
                               settings_.model.optimizer_options(), rng_(), X_.row(incumbent))
          .x;
  schedule_.record_iteration(tell_seconds_ + seconds_since(start));
  tell_seconds_ = 0.0;
  return x.transpose();
}

// The rest of the design, up to q points; past it, one uniform point while fewer than two
// evaluations succeeded.
Points SubsetBo::ask_design(Eigen::Index q) {
  if (!design_.exhausted()) return design_.take(q);
  return bo::uniform_in_box(rng_, problem_.lower, problem_.upper).transpose();
}

void SubsetBo::tell(const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  const auto start = clock_();
  bo::append_successful_rows(X_, y_, X, y, status);
  // The model is updated here once the design is out, so the update belongs to this tell's
  // time; during the design the next model-based ask does it.
  if (design_.exhausted() && y_.size() >= 2) update_model();
  tell_seconds_ += seconds_since(start);
}

Eigen::VectorXd SubsetBo::recommend() const {
  return bo::best_observed(X_, y_, problem_.lower, problem_.upper);
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
  build_inducing();
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
  gp_ = fit_.fit(X_(rows, Eigen::all), y_(rows), rng_());
  subset_ = rows;
}

// The Nyström GP of model = "inducing" on the data the GP was last updated for, while U is a
// proper part of them; with U = D the exact GP is the same posterior.
void SubsetBo::build_inducing() {
  inducing_.reset();
  if (settings_.model_kind != ModelKind::inducing || !gp_ ||
      static_cast<Eigen::Index>(subset_.size()) >= model_size_)
    return;
  inducing_.emplace(*gp_, X_.topRows(model_size_), y_.head(model_size_), X_(subset_, Eigen::all));
}

void SubsetBo::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("selection_rng", selection_rng_);
  archive.write("schedule", schedule_);
  archive.write("fit", fit_);
  archive.write("design", design_);
  archive.write("X", X_);
  archive.write("y", y_);
  archive.write("subset", subset_);
  archive.write("model_size", model_size_);
  archive.write("has_gp", gp_.has_value());
  if (gp_) archive.write("gp", *gp_);
  archive.write("gradients", gradients_);
  archive.write("perturbed", perturbed_);
  archive.write("tell_seconds", tell_seconds_);
}

void SubsetBo::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  archive.read("selection_rng", selection_rng_);
  archive.read("schedule", schedule_);
  archive.read("fit", fit_);
  archive.read("design", design_);
  archive.read("X", X_);
  archive.read("y", y_);
  archive.read("subset", subset_);
  archive.read("model_size", model_size_);
  bool has_gp = false;
  archive.read("has_gp", has_gp);
  gp_.reset();
  if (has_gp) {
    gp_.emplace(bo::Kernel(bo::KernelType::matern52, problem_.dim()), problem_.lower,
                problem_.upper, model_log());
    archive.read("gp", *gp_);
  }
  archive.read("gradients", gradients_);
  archive.read("perturbed", perturbed_);
  archive.read("tell_seconds", tell_seconds_);
  const Eigen::Index n = y_.size();
  if (X_.cols() != problem_.dim() || X_.rows() != n || model_size_ > n ||
      !std::all_of(subset_.begin(), subset_.end(),
                   [n](Eigen::Index i) { return i >= 0 && i < n; })) {
    throw StateError("state: the observations and the subset do not fit together");
  }
  build_inducing();
}

}  // namespace bopp::gssbo
