#include "arm_gp.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::bbkb {

ArmGp::ArmGp(bo::Kernel kernel, Points candidates, double noise_variance)
    : kernel_(std::move(kernel)),
      candidates_(std::move(candidates)),
      noise_variance_(noise_variance),
      prior_variance_(Eigen::VectorXd::Constant(candidates_.rows(), kernel_.outputscale())),
      slot_(static_cast<std::size_t>(candidates_.rows()), -1),
      variance_(prior_variance_) {}

void ArmGp::append(Eigen::Index arm) {
  const auto known = static_cast<Eigen::Index>(distinct_.size());
  if (slot_[static_cast<std::size_t>(arm)] < 0) add_arm(arm);
  const Eigen::Index slot = slot_[static_cast<std::size_t>(arm)];
  // Σ_{:,arm}, the posterior covariance given the rows so far (the known arms' factor).
  Eigen::VectorXd column = kernel_rows_.row(slot).transpose();
  if (known > 0) {
    const Eigen::VectorXd z = factor_.solve(kernel_rows_.col(arm).head(known));
    column.noalias() -= kernel_rows_.topRows(known).transpose() * z;
  }
  const double d = std::sqrt(std::max(variance_[arm], 0.0) + noise_variance_);
  variance_ = (variance_.array() - (column / d).array().square()).max(0.0).matrix();
  arms_.push_back(arm);
  diagonal_.push_back(d);
  count(slot);
}

void ArmGp::add_arm(Eigen::Index arm) {
  const auto u = static_cast<Eigen::Index>(distinct_.size());
  if (u == kernel_rows_.rows()) {
    // conservativeResize keeps the used rows; growth by half keeps the copies O(u A) overall.
    kernel_rows_.conservativeResize(std::max<Eigen::Index>(16, u + u / 2), candidates_.rows());
  }
  kernel_rows_.row(u) = kernel_.matrix(candidates_.row(arm), candidates_);
  slot_[static_cast<std::size_t>(arm)] = u;
  distinct_.push_back(arm);
  counts_.push_back(0.0);
}

void ArmGp::count(Eigen::Index slot) {
  const auto s = static_cast<std::size_t>(slot);
  const double n = counts_[s];
  counts_[s] = n + 1.0;
  // A new arm grows the matrix: factored afresh, O(u³), and rare (a few hundred arms over
  // thousands of points). A repeat turns its diagonal λ/n into λ/(n + 1), a rank-one downdate.
  if (n > 0.0) {
    const Eigen::VectorXd e =
        Eigen::VectorXd::Unit(static_cast<Eigen::Index>(distinct_.size()), slot) *
        std::sqrt(noise_variance_ / (n * (n + 1.0)));
    if (factor_.rankUpdate(e, -1.0).info() == Eigen::Success) return;
  }
  factor();
  factored_rows_ = arms_.size();
}

void ArmGp::factor() {
  std::vector<Eigen::Index> slots(distinct_.size());
  for (std::size_t s = 0; s < slots.size(); ++s) slots[s] = static_cast<Eigen::Index>(s);
  factor_.compute(
      noisy_gram(slots, Eigen::Map<const Eigen::VectorXd>(
                            counts_.data(), static_cast<Eigen::Index>(counts_.size()))));
}

Eigen::MatrixXd ArmGp::noisy_gram(const std::vector<Eigen::Index>& slots,
                                  const Eigen::VectorXd& counts) const {
  std::vector<Eigen::Index> arms;
  for (const Eigen::Index s : slots) arms.push_back(distinct_[static_cast<std::size_t>(s)]);
  Eigen::MatrixXd matrix = kernel_rows_(slots, arms);
  matrix.diagonal().array() += noise_variance_ / counts.array();
  return matrix;
}

void ArmGp::give_value(double y) {
  const std::size_t i = values_.size();
  if (i >= arms_.size()) throw std::logic_error("ArmGp: a value without a row");
  values_.push_back(y);
  log_det_ += information_gain(i);
}

Eigen::VectorXd ArmGp::mean() const {
  const auto u = static_cast<Eigen::Index>(distinct_.size());
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(u);
  Eigen::VectorXd sums = Eigen::VectorXd::Zero(u);
  for (std::size_t i = 0; i < values_.size(); ++i) {
    const Eigen::Index slot = slot_[static_cast<std::size_t>(arms_[i])];
    counts[slot] += 1.0;
    sums[slot] += values_[i];
  }
  if (values_.size() == arms_.size()) {
    if (u == 0) return Eigen::VectorXd::Zero(candidates_.rows());
    // Every row valued: the factor is the valued rows' own.
    const Eigen::VectorXd weights = factor_.solve(sums.cwiseQuotient(counts));
    return kernel_rows_.topRows(u).transpose() * weights;
  }
  // Hallucinated rows in the factor: the valued arms' own, their noise λ over their valued
  // count, factored afresh.
  std::vector<Eigen::Index> valued;
  for (Eigen::Index s = 0; s < u; ++s)
    if (counts[s] > 0.0) valued.push_back(s);
  if (valued.empty()) return Eigen::VectorXd::Zero(candidates_.rows());
  const Eigen::VectorXd n = counts(valued);
  const Eigen::VectorXd means = sums(valued).cwiseQuotient(n);
  const Eigen::VectorXd weights = noisy_gram(valued, n).llt().solve(means);
  const RowMajor rows = kernel_rows_(valued, Eigen::all);
  return rows.transpose() * weights;
}

void ArmGp::truncate(std::size_t rows) {
  if (rows >= arms_.size()) return;
  arms_.resize(rows);
  diagonal_.resize(rows);
  if (values_.size() > rows) values_.resize(rows);
  rebuild(rows);
  log_det_ = 0.0;
  for (std::size_t i = 0; i < values_.size(); ++i) log_det_ += information_gain(i);
  variance_ = prior_variance_;
  const auto u = static_cast<Eigen::Index>(distinct_.size());
  if (u == 0) return;
  const Eigen::MatrixXd whitened = factor_.matrixL().solve(kernel_rows_.topRows(u));
  variance_ =
      (variance_.array() - whitened.colwise().squaredNorm().transpose().array()).max(0.0).matrix();
}

void ArmGp::rebuild(std::size_t factored) {
  for (const Eigen::Index arm : distinct_) slot_[static_cast<std::size_t>(arm)] = -1;
  distinct_.clear();
  counts_.clear();
  for (std::size_t i = 0; i < factored; ++i) {
    if (slot_[static_cast<std::size_t>(arms_[i])] < 0) add_arm(arms_[i]);
    counts_[static_cast<std::size_t>(slot_[static_cast<std::size_t>(arms_[i])])] += 1.0;
  }
  factored_rows_ = factored;
  if (!distinct_.empty()) factor();
  // The repeats since, as they were counted: the same downdates, bit for bit.
  for (std::size_t i = factored; i < arms_.size(); ++i) {
    const Eigen::Index slot = slot_[static_cast<std::size_t>(arms_[i])];
    if (slot < 0) throw StateError("state: the GP's factor does not cover its rows");
    count(slot);
  }
}

double ArmGp::information_gain(std::size_t row) const {
  return 2.0 * std::log(diagonal_[row]) - std::log(noise_variance_);
}

void ArmGp::save(StateArchive& archive) const {
  archive.write("arms", arms_);
  archive.write("diagonal", diagonal_);
  archive.write("values", values_);
  archive.write("factored_rows", factored_rows_);
  archive.write("variance", variance_);
  archive.write("log_det", log_det_);
}

void ArmGp::restore(const StateArchive& archive) {
  const Eigen::Index candidates = candidates_.rows();
  archive.read("arms", arms_);
  archive.read("diagonal", diagonal_);
  archive.read("values", values_);
  archive.read("factored_rows", factored_rows_);
  archive.read("variance", variance_);
  archive.read("log_det", log_det_);
  if (diagonal_.size() != arms_.size() || values_.size() > arms_.size() ||
      factored_rows_ > arms_.size() || (factored_rows_ == 0 && !arms_.empty()) ||
      variance_.size() != candidates ||
      std::any_of(arms_.begin(), arms_.end(),
                  [&](Eigen::Index a) { return a < 0 || a >= candidates; })) {
    throw StateError("state: the arm GP's rows do not fit together");
  }
  rebuild(factored_rows_);
}

}  // namespace bopp::bbkb
