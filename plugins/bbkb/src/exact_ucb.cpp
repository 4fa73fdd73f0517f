// Calandriello et al. 2020, Algorithm 2 (GP-AUCB, the adaptive GP-BUCB of Desautels et al.
// 2014), on the candidate set A; GP-UCB is the same with C = 1:
//
//   x_1 ← uniform on A, a batch of its own (as BBKB)                constructor
//   for t = 0, …, T − 1
//     x_{t+1} ← argmax_{x ∈ A} μ_fb(t)(x) + α_t σ_t(x)              choose
//     σ_{t+1}: x_{t+1} hallucinated at the frozen mean              choose
//     if Π_{s in the batch} (1 + σ²_{s−1}(x_s)) > C: it ends        choose
//       once it is told: μ_fb(t+1), σ_fb(t+1), α from its feedback  tell, end_batch, start_batch
#include "exact_ucb.hpp"

#include "candidate_rows.hpp"

#include <bopp/bo/successful_rows.hpp>

namespace bopp::bbkb {

ExactUcb::ExactUcb(Batching batching, const char* algorithm, const Problem& problem,
                   const Config& config, std::uint64_t seed, const Host&)
    : batching_(batching),
      problem_(problem),
      settings_(read_settings(config, problem, algorithm)),
      gp_(settings_.kernel(problem_.dim()), problem_.candidates, settings_.lambda) {
  if (batching_ == Batching::fixed) settings_.c_tilde = 1.0;
  start_batch();
  closed_ = true;
  // As BBKB: a first arm drawn uniformly, a batch of its own; or the host's design.
  if (settings_.design_from_host) return;
  const Eigen::Index arm = uniform_first_arm(seed, problem_.candidates);
  chosen_.push_back(arm);
  gp_.append(arm);
}

Points ExactUcb::ask(std::size_t max_points) {
  if (closed_ && handed_ == chosen_.size()) end_batch();
  std::vector<Eigen::Index> out;
  while (handed_ + out.size() < chosen_.size() && out.size() < max_points)
    out.push_back(chosen_[handed_ + out.size()]);
  while (!closed_ && out.size() < max_points) out.push_back(choose());
  handed_ += out.size();
  Points X(static_cast<Eigen::Index>(out.size()), problem_.dim());
  for (std::size_t r = 0; r < out.size(); ++r)
    X.row(static_cast<Eigen::Index>(r)) = problem_.candidates.row(out[r]);
  return X;
}

Eigen::VectorXd ExactUcb::ucb_values() const {
  return mean_ + width_ * (gp_.variance() / settings_.lambda).cwiseSqrt();
}

Eigen::Index ExactUcb::choose() {
  // λ-scaled variances, as the paper's width expects: σ²/λ.
  const Eigen::VectorXd variance = gp_.variance() / settings_.lambda;
  const Eigen::Index arm = first_argmax(mean_ + width_ * variance.cwiseSqrt());
  chosen_.push_back(arm);
  product_ *= 1.0 + variance[arm];
  closed_ = batching_ == Batching::fixed || product_ > settings_.c_tilde;
  gp_.append(arm);  // hallucinated until told
  return arm;
}

void ExactUcb::tell(const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  if (settings_.design_from_host && batch_sizes_.empty() && chosen_.empty()) {
    // The host's design: its arms make the first batch, handed out as if asked.
    for (Eigen::Index r = 0; r < X.rows(); ++r)
      chosen_.push_back(nearest_candidate(problem_.candidates, X.row(r).transpose()));
    handed_ = chosen_.size();
  }
  for (const Eigen::Index r : bo::successful_rows(y, status)) {
    const Eigen::Index arm = nearest_candidate(problem_.candidates, X.row(r).transpose());
    // A told point is normally the next hallucinated row; after a failure or out of order,
    // the rows from the first untold one on are dropped and the point appended afresh.
    const std::size_t next = gp_.valued_rows();
    if (next == gp_.rows() || gp_.arm(next) != arm) {
      gp_.truncate(next);
      gp_.append(arm);
    }
    gp_.give_value(y[r]);
    log_sum_ += settings_.information(start_variance_[arm]);
  }
  told_ += static_cast<std::size_t>(X.rows());
  if (closed_ && told_ >= chosen_.size()) end_batch();
}

void ExactUcb::end_batch() {
  batch_sizes_.push_back(chosen_.size());
  gp_.truncate(gp_.valued_rows());  // the batch's failed points
  start_batch();
}

void ExactUcb::start_batch() {
  mean_ = gp_.mean();
  start_variance_ = gp_.variance() / settings_.lambda;
  width_ = settings_.width(log_sum_, settings_.c_tilde);
  product_ = 1.0;
  chosen_.clear();
  handed_ = 0;
  told_ = 0;
  closed_ = false;
}

Eigen::VectorXd ExactUcb::recommend() const {
  if (gp_.valued_rows() == 0) return problem_.candidates.row(0).transpose();
  const Eigen::VectorXd mean = gp_.mean();
  std::size_t best = 0;
  for (std::size_t i = 1; i < gp_.valued_rows(); ++i)
    if (mean[gp_.arm(i)] > mean[gp_.arm(best)]) best = i;
  return problem_.candidates.row(gp_.arm(best)).transpose();
}

void ExactUcb::save(StateArchive& archive) const {
  archive.write("gp", gp_);
  archive.write("mean", mean_);
  archive.write("start_variance", start_variance_);
  archive.write("log_sum", log_sum_);
  archive.write("width", width_);
  archive.write("product", product_);
  archive.write("chosen", chosen_);
  archive.write("handed", handed_);
  archive.write("told", told_);
  archive.write("closed", closed_);
  archive.write("batch_sizes", batch_sizes_);
}

void ExactUcb::restore(const StateArchive& archive) {
  archive.read("gp", gp_);
  archive.read("mean", mean_);
  archive.read("start_variance", start_variance_);
  archive.read("log_sum", log_sum_);
  archive.read("width", width_);
  archive.read("product", product_);
  archive.read("chosen", chosen_);
  archive.read("handed", handed_);
  archive.read("told", told_);
  archive.read("closed", closed_);
  archive.read("batch_sizes", batch_sizes_);
  if (mean_.size() != problem_.candidates.rows() ||
      start_variance_.size() != problem_.candidates.rows() || handed_ > chosen_.size())
    throw StateError("state: the batch does not fit this candidate set");
}

}  // namespace bopp::bbkb
