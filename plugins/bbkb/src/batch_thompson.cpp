#include "batch_thompson.hpp"

#include "candidate_rows.hpp"
#include "exact_gp.hpp"

#include <bopp/bo/pathwise_sample.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <algorithm>
#include <cmath>

namespace bopp::bbkb {

std::vector<Param> BatchThompson::params() {
  std::vector<Param> p = settings_params(Batching::fixed, Dictionary::none);
  p.push_back(Param::integer("batch_size", 30,
                             "points drawn from one posterior before it absorbs their values "
                             "(30 in Calandriello et al. 2020, Appendix D.1)")
                  .at_least(1));
  p.push_back(Param::integer("features", 2048, "random Fourier features of each draw").at_least(1));
  return p;
}

BatchThompson::BatchThompson(const Problem& problem, const Config& config, std::uint64_t seed,
                             const Host&)
    : problem_(problem),
      settings_(read_settings(config, problem, name)),
      batch_size_(static_cast<std::size_t>(config.integer("batch_size"))),
      features_(static_cast<Eigen::Index>(config.integer("features"))),
      seed_(seed),
      gp_(make_exact_gp(settings_, problem_.candidates)),
      pending_X_(0, problem_.dim()) {
  refit();
}

void BatchThompson::refit() {
  if (pending_X_.rows() > 0) gp_.add_observations(pending_X_, pending_y_);
  pending_X_.resize(0, problem_.dim());
  pending_y_.resize(0);
  mean_ = gp_.predict(problem_.candidates).mean;
  // β σ̃ = (β/√λ) σ_Bayes: the spread of a draw, in the GP's own units, is β/(10√λ).
  const double beta = settings_.width(information_gain(gp_, settings_.lambda), 1.0);
  scale_ = beta / (10.0 * std::sqrt(settings_.lambda));
  asked_in_batch_ = 0;
  told_in_batch_ = 0;
}

Points BatchThompson::ask(std::size_t max_points) {
  if (asked_in_batch_ >= batch_size_) refit();  // asked again before the batch was told
  const std::size_t count = std::min(max_points, batch_size_ - asked_in_batch_);
  Points X(static_cast<Eigen::Index>(count), problem_.dim());
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const bo::PathwiseSample draw(gp_, features_, derive_seed(seed_, drawn_++));
    const Eigen::VectorXd value = mean_ + scale_ * (draw.values(problem_.candidates) - mean_);
    X.row(r) = problem_.candidates.row(first_argmax(value));
  }
  asked_in_batch_ += count;
  return X;
}

void BatchThompson::tell(const Points& X, const Eigen::VectorXd& y,
                         std::span<const std::int32_t> status) {
  for (const Eigen::Index r : bo::successful_rows(y, status)) {
    const Eigen::Index arm = nearest_candidate(problem_.candidates, X.row(r).transpose());
    pending_X_.conservativeResize(pending_X_.rows() + 1, Eigen::NoChange);
    pending_X_.row(pending_X_.rows() - 1) = problem_.candidates.row(arm);
    pending_y_.conservativeResize(pending_y_.size() + 1);
    pending_y_[pending_y_.size() - 1] = y[r];
  }
  told_in_batch_ += static_cast<std::size_t>(X.rows());
  // The host's design, told before any ask, is absorbed at once: the first draws see it.
  const bool design = settings_.design_from_host && drawn_ == 0 && gp_.size() == 0;
  if (told_in_batch_ >= batch_size_ || design) refit();
}

Eigen::VectorXd BatchThompson::recommend() const {
  if (gp_.size() == 0) return problem_.candidates.row(0).transpose();
  const Eigen::VectorXd at_data = gp_.predict(gp_.inputs()).mean;
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < at_data.size(); ++i)
    if (at_data[i] > at_data[best]) best = i;
  return gp_.inputs().row(best).transpose();
}

void BatchThompson::save(StateArchive& archive) const {
  archive.write("drawn", drawn_);
  archive.write("gp", gp_);
  archive.write("mean", mean_);
  archive.write("scale", scale_);
  archive.write("pending_X", pending_X_);
  archive.write("pending_y", pending_y_);
  archive.write("asked_in_batch", asked_in_batch_);
  archive.write("told_in_batch", told_in_batch_);
}

void BatchThompson::restore(const StateArchive& archive) {
  archive.read("drawn", drawn_);
  archive.read("gp", gp_);
  archive.read("mean", mean_);
  archive.read("scale", scale_);
  archive.read("pending_X", pending_X_);
  archive.read("pending_y", pending_y_);
  archive.read("asked_in_batch", asked_in_batch_);
  archive.read("told_in_batch", told_in_batch_);
  if (mean_.size() != problem_.candidates.rows() || pending_X_.cols() != problem_.dim() ||
      pending_X_.rows() != pending_y_.size()) {
    throw StateError("state: the batch does not fit this candidate set");
  }
}

}  // namespace bopp::bbkb
