// Calandriello et al. 2020, Algorithm 1 (BBKB), on the candidate set A (BKB of Calandriello
// et al. 2019 is the same with one point per batch and its own α̃, from the variances after
// each refit):
//
//   x_1 ← uniform on A, a batch of its own                      constructor
//   for t = 0, …, T − 1
//     x_{t+1} ← argmax_{x ∈ A} μ̃_fb(t)(x) + α̃_fb(t) σ̃_t(x)      choose (LazyUcb)
//     if 1 + Σ_{s in the batch} σ̃²_fb(t)(x_s) ≤ C̃ (Lemma 1;     batch_ends_with
//        GlobalLocal: then Lemma 3's bound per candidate)       local_rule_exceeded
//       the batch goes on: σ̃_{t+1} by a rank-one update, the    choose
//       UCBs above the new maximum refreshed lazily
//     else, once the batch is told                              tell
//       S ← every x_s kept with probability q̄ σ̃²_fb(t)(x_s)     end_batch
//       μ̃, σ̃ and α̃ on the new S with the batch's feedback       refit, start_batch
#include "batched_kernel_bandit.hpp"

#include "candidate_rows.hpp"

#include <bopp/bo/leverage_sampling.hpp>
#include <bopp/bo/nystrom_embedding.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

namespace bopp::bbkb {

namespace {

// The stream of the dictionary draws, apart from the first point's.
constexpr std::uint64_t dictionary_stream = 1;

// When the log warns that the kernel is too narrow for the candidate set: after this many
// batches of one point in a row (the first ones are single while σ̃² ≈ 1/λ: some 60 on the
// paper-scale sets), or when the dictionary holds more than 3/4 of the points told once there
// are this many (early on it keeps nearly all of them even where it stays small later: about
// 100 of the first 100 on an 8-D set where it then levels off near 130). Points told, not
// distinct arms: the dictionary cannot outgrow the arms observed, and where arms repeat (the
// paper's sets: some 200 arms in 2 500 steps) a dictionary of most of them is bounded, not
// growing like t.
constexpr std::size_t single_point_batches_warned = 100;
constexpr std::size_t told_points_warned = 200;

std::string number(double x) {
  std::ostringstream out;
  out << std::setprecision(3) << x;
  return out.str();
}

}  // namespace

BatchedKernelBandit::BatchedKernelBandit(BatchRule rule, Batching batching, WidthRule width_rule,
                                         const char* algorithm, const Problem& problem,
                                         const Config& config, std::uint64_t seed, const Host& host)
    : rule_(rule),
      width_rule_(width_rule),
      algorithm_(algorithm),
      problem_(problem),
      settings_(read_settings(config, problem, algorithm)),
      host_(host),
      rng_(derive_seed(seed, dictionary_stream)),
      kernel_(settings_.kernel(problem.dim())),
      totals_(problem_.candidates.rows()),
      fitted_totals_(problem_.candidates.rows()) {
  if (batching == Batching::fixed) settings_.c_tilde = 1.0;
  refit();
  // Algorithm 1 starts from one uniformly drawn arm, a batch of its own, which becomes the
  // first dictionary (the loop would otherwise pick it twice); or from the host's design, the
  // first batch, whose arms are known when it is told.
  start_batch();
  closed_ = true;
  if (settings_.design_from_host) return;
  const Eigen::Index arm = uniform_first_arm(seed, problem_.candidates);
  batch_.push_back(arm);
  global_rule_.closes_with(posterior_->variance()[arm]);
}

Points BatchedKernelBandit::ask(std::size_t max_points) {
  // Asked again before a closed batch was fully told: it ends with what was told.
  if (closed_ && handed_ == batch_.size()) end_batch();
  std::vector<Eigen::Index> chosen;
  // Points chosen but not handed out yet: the first batch's random point.
  while (handed_ + chosen.size() < batch_.size() && chosen.size() < max_points)
    chosen.push_back(batch_[handed_ + chosen.size()]);
  while (!closed_ && chosen.size() < max_points) {
    const Eigen::Index arm = choose();
    batch_.push_back(arm);
    chosen.push_back(arm);
    closed_ = batch_ends_with(arm);
  }
  handed_ += chosen.size();
  Points X(static_cast<Eigen::Index>(chosen.size()), problem_.dim());
  for (std::size_t r = 0; r < chosen.size(); ++r)
    X.row(static_cast<Eigen::Index>(r)) = problem_.candidates.row(chosen[r]);
  return X;
}

Eigen::Index BatchedKernelBandit::choose() {
  const Eigen::Index arm = lazy_.argmax([this](Eigen::Index i) { return ucb(i); });
  posterior_->add_pending(arm);
  lazy_.invalidate();
  return arm;
}

double BatchedKernelBandit::ucb(Eigen::Index arm) const {
  return posterior_->mean()[arm] + width_ * std::sqrt(posterior_->pending_variance(arm));
}

Eigen::VectorXd BatchedKernelBandit::ucb_values() const {
  Eigen::VectorXd u(posterior_->size());
  for (Eigen::Index i = 0; i < u.size(); ++i) u[i] = ucb(i);
  return u;
}

bool BatchedKernelBandit::batch_ends_with(Eigen::Index arm) {
  const bool global_exceeded = global_rule_.closes_with(posterior_->variance()[arm]);
  if (rule_ == BatchRule::global) return global_exceeded;
  if (!global_exceeded && !local_phase_) return false;
  if (!local_phase_) {
    // The switch: the per-arm bound counts every point chosen so far, and is tested now.
    local_phase_ = true;
    local_embedded_ = Eigen::VectorXd::Zero(posterior_->size());
    local_full_ = Eigen::VectorXd::Zero(posterior_->size());
    for (std::size_t s = 0; s + 1 < batch_.size(); ++s) local_rule_exceeded(batch_[s]);
  }
  return local_rule_exceeded(arm);
}

// Lemma 3: σ̃²_fb(x)/σ̃²_t(x) ≤ 1 + Σ_s c_s(x)² / σ̃²_fb(x). The full approximate covariance
// (eq. 2) does not bound the approximate ratio arm by arm (its residual cross term can be
// negative), and the embedded part alone does not bound the exact ratio, so the larger of
// the two sums is used.
bool BatchedKernelBandit::local_rule_exceeded(Eigen::Index arm) {
  const double lambda = settings_.lambda;
  const bo::NystromEmbedding& e = posterior_->embedding();
  const Eigen::VectorXd g = posterior_->embedded_covariance(arm);
  const Eigen::VectorXd k =
      kernel_.matrix(problem_.candidates, problem_.candidates.row(arm)).col(0);
  const Eigen::VectorXd residual = (k - e.features * e.features.row(arm).transpose()) / lambda;
  local_embedded_ += g.cwiseAbs2();
  local_full_ += (g + residual).cwiseAbs2();
  const Eigen::VectorXd ratio =
      local_embedded_.cwiseMax(local_full_).cwiseQuotient(posterior_->variance());
  return 1.0 + ratio.maxCoeff() > settings_.c_tilde;
}

void BatchedKernelBandit::tell(const Points& X, const Eigen::VectorXd& y,
                               std::span<const std::int32_t> status) {
  if (settings_.design_from_host && batches_closed_ == 0 && batch_.empty()) {
    // The host's design: its arms make the first batch, handed out as if asked.
    for (Eigen::Index r = 0; r < X.rows(); ++r)
      batch_.push_back(nearest_candidate(problem_.candidates, X.row(r).transpose()));
    handed_ = batch_.size();
  }
  totals_.add(problem_.candidates, X, y, status);
  told_ += static_cast<std::size_t>(X.rows());
  if (closed_ && told_ >= batch_.size()) end_batch();
}

void BatchedKernelBandit::end_batch() {
  // Λ grows by each point's log(1 + c σ̃²_fb), its start-of-batch variance.
  for (const Eigen::Index arm : batch_)
    log_sum_ += settings_.information(posterior_->variance()[arm]);
  batch_sizes_.push_back(batch_.size());
  ++batches_closed_;
  single_point_run_ = batch_.size() == 1 ? single_point_run_ + 1 : 0;
  dictionary_ = bo::leverage_sample(totals_.counts, posterior_->variance(), settings_.q_bar, rng_);
  refit();
  start_batch();
  host_.debug(std::string(algorithm_) + ": batch " + std::to_string(batches_closed_) + " of " +
              std::to_string(batch_sizes_.back()) + " points; dictionary " +
              std::to_string(dictionary_.size()) + ", width " + std::to_string(width_));
  warn_if_degenerate();
}

// A kernel too narrow for the candidate set (or λ too small) keeps every σ̃² near 1/λ: every
// batch holds one point, the dictionary keeps nearly every arm observed, and each step
// re-embeds all candidates on it, O(A t²). Said once each, with what to change.
void BatchedKernelBandit::warn_if_degenerate() {
  const std::string keys = "bandwidth " + number(settings_.bandwidth) +
                           (settings_.bandwidth_chosen ? " (the median distance between "
                                                         "candidates)"
                                                       : "") +
                           ", lambda " + number(settings_.lambda);
  if (!warned_batches_ && settings_.c_tilde > 1.0 &&
      single_point_run_ >= single_point_batches_warned) {
    warned_batches_ = true;
    host_.warning(std::string(algorithm_) + ": the last " + std::to_string(single_point_run_) +
                  " batches held one point each: start-of-batch variances stay above c_tilde - 1 "
                  "= " +
                  number(settings_.c_tilde - 1.0) + " (" + keys +
                  "); a larger bandwidth or lambda, or a larger c_tilde, gives longer batches");
  }
  const auto told = static_cast<std::size_t>(totals_.counts.sum());
  const std::size_t kept = dictionary_.size();
  if (!warned_dictionary_ && told >= told_points_warned && 4 * kept > 3 * told) {
    warned_dictionary_ = true;
    host_.warning(std::string(algorithm_) + ": the dictionary holds " + std::to_string(kept) +
                  " of the " + std::to_string(told) +
                  " points told, so it grows like t and each batch costs O(A t^2) (" + keys +
                  "); a larger bandwidth or lambda, or a smaller q_bar, keeps it small");
  }
}

void BatchedKernelBandit::refit() {
  Eigen::MatrixXd S(static_cast<Eigen::Index>(dictionary_.size()), problem_.dim());
  for (std::size_t j = 0; j < dictionary_.size(); ++j)
    S.row(static_cast<Eigen::Index>(j)) = problem_.candidates.row(dictionary_[j]);
  fitted_totals_ = totals_;
  posterior_.emplace(bo::nystrom_embedding(kernel_, problem_.candidates, S), totals_.counts,
                     totals_.sums, settings_.lambda);
  width_ =
      width_rule_ == WidthRule::bkb
          ? settings_.bkb_width(totals_.counts.dot(posterior_->variance()), totals_.counts.sum())
          : settings_.width(log_sum_, settings_.c_tilde);
}

void BatchedKernelBandit::start_batch() {
  batch_.clear();
  handed_ = 0;
  told_ = 0;
  closed_ = false;
  global_rule_ = BatchStoppingRule(settings_.c_tilde);
  local_phase_ = false;
  lazy_.reset(posterior_->mean() + width_ * posterior_->variance().cwiseSqrt());
}

Eigen::VectorXd BatchedKernelBandit::recommend() const {
  Eigen::VectorXd mean = posterior_->mean();
  for (Eigen::Index i = 0; i < mean.size(); ++i)
    if (totals_.counts[i] == 0.0) mean[i] = -std::numeric_limits<double>::infinity();
  if (totals_.counts.maxCoeff() == 0.0) return problem_.candidates.row(0).transpose();
  return problem_.candidates.row(first_argmax(mean)).transpose();
}

void BatchedKernelBandit::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("totals", totals_);
  archive.write("fitted_totals", fitted_totals_);
  archive.write("dictionary", dictionary_);
  archive.write("log_sum", log_sum_);
  archive.write("width", width_);
  archive.write("batch", batch_);
  archive.write("handed", handed_);
  archive.write("told", told_);
  archive.write("closed", closed_);
  archive.write("global_rule", global_rule_);
  archive.write("local_phase", local_phase_);
  archive.write("local_embedded", local_embedded_);
  archive.write("local_full", local_full_);
  archive.write("lazy", lazy_);
  archive.write("batches_closed", batches_closed_);
  archive.write("batch_sizes", batch_sizes_);
  archive.write("warned_batches", warned_batches_);
  archive.write("warned_dictionary", warned_dictionary_);
}

void BatchedKernelBandit::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  archive.read("totals", totals_);
  archive.read("fitted_totals", fitted_totals_);
  archive.read("dictionary", dictionary_);
  archive.read("log_sum", log_sum_);
  archive.read("batch", batch_);
  archive.read("handed", handed_);
  archive.read("told", told_);
  archive.read("closed", closed_);
  archive.read("global_rule", global_rule_);
  archive.read("local_phase", local_phase_);
  archive.read("local_embedded", local_embedded_);
  archive.read("local_full", local_full_);
  archive.read("lazy", lazy_);
  archive.read("batches_closed", batches_closed_);
  archive.read("batch_sizes", batch_sizes_);
  single_point_run_ = 0;
  while (single_point_run_ < batch_sizes_.size() &&
         batch_sizes_[batch_sizes_.size() - 1 - single_point_run_] == 1)
    ++single_point_run_;
  // A state saved before the warnings existed has given none.
  warned_batches_ = warned_dictionary_ = false;
  if (archive.contains("warned_batches")) archive.read("warned_batches", warned_batches_);
  if (archive.contains("warned_dictionary")) archive.read("warned_dictionary", warned_dictionary_);
  const Eigen::Index arms = problem_.candidates.rows();
  const auto is_arm = [arms](Eigen::Index i) { return i >= 0 && i < arms; };
  if (!std::all_of(dictionary_.begin(), dictionary_.end(), is_arm) ||
      !std::all_of(batch_.begin(), batch_.end(), is_arm) || handed_ > batch_.size()) {
    throw StateError("state: arms outside the candidate set");
  }
  const ArmTotals current = totals_;
  totals_ = fitted_totals_;
  refit();
  totals_ = current;
  archive.read("width", width_);
  // The first batch's one arm was drawn, not chosen: it never joined the posterior as pending.
  if (batches_closed_ > 0)
    for (const Eigen::Index arm : batch_) posterior_->add_pending(arm);
}

}  // namespace bopp::bbkb
