#include "la_minucb.hpp"

#include <bopp/bo/best_observed.hpp>
#include <bopp/bo/gradient_batch_settings.hpp>
#include <bopp/bo/successful_rows.hpp>

#include <algorithm>
#include <vector>

namespace bopp::minucb {

std::vector<Param> LaMinUcb::params() {
  std::vector<Param> p = shared_params();
  p.push_back(Param::integer(
                  "batch", 0,
                  "b: look-ahead batch size; 0 means GIBO's batch at x_t, as MinUCB's b2: up to d "
                  "greedy points with the eps_diff early stop, so b adapts per iteration (the "
                  "paper's value is not reported)")
                  .range(0, 100000));
  p.push_back(
      Param::real(
          "eps_diff", 0.1,
          "with batch = 0: GIBO's early stop, end the batch once a point lowers the gradient "
          "trace by less than this (synthetic 0.1; 0 never stops)")
          .at_least(0));
  p.push_back(Param::boolean(
      "gradient_start", true,
      "start the look-ahead also from GIBO's greedy batch of b points at x_t (with b > "
      "fantasies most points stay near their start)"));
  p.push_back(
      Param::real(
          "lookahead_box", 0.3,
          "half-width of the look-ahead's box x_t +- h (its batch and GIBO's start batch) in "
          "lengthscales: h = min(delta, lookahead_box * the median lengthscale); 0 "
          "means h = delta. The step still searches x_t +- delta")
          .at_least(0));
  p.push_back(
      Param::integer(
          "fantasies", 16,
          "N_f: fixed base samples of the one-shot look-ahead (BoTorch's KG: 64; 16 for cost)")
          .range(1, 1024));
  p.push_back(
      Param::integer("restarts", 4,
                     "L-BFGS starts of the look-ahead, in all: the warm start at x_t, GIBO's batch "
                     "(gradient_start), the best raw batches")
          .range(1, 1000));
  p.push_back(Param::integer("raw_batches", 64,
                             "random batches of b points scored to pick the look-ahead's starts")
                  .range(0, 100000));
  p.push_back(Param::integer("max_evaluations", 100, "look-ahead evaluations per L-BFGS start")
                  .range(1, 100000));
  return p;
}

LaMinUcb::LaMinUcb(const Problem& problem, const Config& config, std::uint64_t seed,
                   const Host& host)
    : problem_(problem),
      host_(host),
      rng_(seed),
      settings_(read_settings(problem, config, "algorithm 'la-minucb'")),
      model_(settings_, problem_, host_, "la-minucb"),
      data_(problem.dim()),
      x_(settings_.x0),
      awaiting_design_(settings_.design_from_host) {
  // x_0 is evaluated first, unless the host's design gives it (its best point, known).
  if (!settings_.design_from_host) queue_.push(x_);
  lookahead_.beta = settings_.beta;
  lookahead_.delta = settings_.delta;
  lookahead_.batch = config.integer("batch");
  lookahead_.fantasies = config.integer("fantasies");
  lookahead_.restarts = static_cast<int>(config.integer("restarts"));
  lookahead_.raw_batches = static_cast<int>(config.integer("raw_batches"));
  lookahead_.max_evaluations = static_cast<int>(config.integer("max_evaluations"));
  eps_diff_ = config.real("eps_diff");
  gradient_start_ = config.boolean("gradient_start");
  lookahead_box_ = config.real("lookahead_box");
}

Points LaMinUcb::ask(std::size_t max_points) {
  if (queue_.empty()) {
    if (data_.size() == 0) {
      queue_.push(x_);  // the start point failed: evaluate it again
    } else if (step_due_) {
      const bo::GaussianProcess gp = model_.with_last_fit(data_, settings_.n_max);
      steps_.push_back(
          maximize_lcb_near(gp, x_, problem_, LcbStepOptions::from(settings_), rng_()));
      x_ = steps_.back().x;
      queue_.push(x_);
      step_due_ = false;
    } else {
      // Hyperparameters are refit once per iteration, here, and kept for its step.
      const bo::GaussianProcess gp = model_.refit(data_, settings_.n_max, rng_());
      batches_.push_back(plan_lookahead(gp));
      queue_.push_rows(batches_.back().points);
      step_due_ = true;
    }
  }
  return queue_.take(max_points);
}

double LaMinUcb::lookahead_half_width(const bo::GaussianProcess& gp) const {
  if (!(lookahead_box_ > 0)) return settings_.delta;
  // The median lengthscale in user units: robust to a few fitted very short or long ones, and
  // exactly the lengthscale when all are equal (a last-bit change of h changes the whole run).
  const Eigen::VectorXd lengthscales = gp.user_lengthscales();
  std::vector<double> sorted(lengthscales.data(), lengthscales.data() + lengthscales.size());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  const double typical = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  return std::min(settings_.delta, lookahead_box_ * typical);
}

LookAheadBatch LaMinUcb::plan_lookahead(const bo::GaussianProcess& gp) {
  const bool adaptive = lookahead_.batch == 0;
  const std::uint64_t gibo_seed = rng_(), seed = rng_();
  const double delta = lookahead_half_width(gp);
  Eigen::MatrixXd gibo_batch;
  if (adaptive || gradient_start_) {
    // GIBO's own search, at the toolkit's defaults (64 raw samples, 5 restarts): this plugin's
    // raw_batches and restarts are the look-ahead's.
    bo::GradientBatchSettings search;
    search.eps_diff = adaptive ? eps_diff_ : 0.0;
    const bo::GradientBatchOptions gibo =
        search.options(bo::GradientBatchOptions::Mode::greedy,
                       adaptive ? problem_.dim() : lookahead_.batch, delta);
    gibo_batch = bo::select_gradient_batch(gp, x_, gibo, gibo_seed).points;
  }
  LookAheadOptions options = lookahead_;
  options.delta = delta;
  if (adaptive) options.batch = std::max<Eigen::Index>(1, gibo_batch.rows());
  if (!gradient_start_) gibo_batch.resize(0, 0);
  return select_lookahead_batch(gp, x_, problem_, options, seed, gibo_batch);
}

void LaMinUcb::tell(const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  data_.add(X, y, status);
  if (awaiting_design_) {
    awaiting_design_ = false;
    // The iterate starts at the design's best point (x0 when every design point failed).
    const std::vector<Eigen::Index> rows = bo::successful_rows(y, status);
    if (!rows.empty())
      x_ = bo::best_observed(X(rows, Eigen::all), y(rows), problem_.lower, problem_.upper);
  }
}

void LaMinUcb::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("model", model_);
  archive.write("data", data_);
  archive.write("x", x_);
  archive.write("queue", queue_);
  archive.write("step_due", step_due_);
}

void LaMinUcb::restore(const StateArchive& archive) {
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
