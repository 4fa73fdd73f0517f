#include "candidate_gp.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::bbkb {

CandidateGp::CandidateGp(bo::Kernel kernel, Points candidates, double noise_variance)
    : kernel_(std::move(kernel)),
      candidates_(std::move(candidates)),
      noise_variance_(noise_variance),
      prior_variance_(Eigen::VectorXd::Constant(candidates_.rows(), kernel_.outputscale())),
      mean_(Eigen::VectorXd::Zero(candidates_.rows())),
      variance_(prior_variance_) {}

void CandidateGp::append(Eigen::Index arm) {
  const auto t = static_cast<Eigen::Index>(arms_.size());
  if (t == rows_.rows()) {
    // conservativeResize keeps the used rows; growth by half keeps the copies O(t A) overall.
    rows_.conservativeResize(std::max<Eigen::Index>(16, t + t / 2), candidates_.rows());
  }
  // L's new row is M_{:,arm}ᵀ and its diagonal √(σ²(arm) + λ), σ² given the rows so far.
  const double d = std::sqrt(std::max(variance_[arm], 0.0) + noise_variance_);
  Eigen::RowVectorXd row = kernel_.matrix(candidates_.row(arm), candidates_);
  if (t > 0) row.noalias() -= rows_.col(arm).head(t).transpose() * rows_.topRows(t);
  row /= d;
  rows_.row(t) = row;
  variance_ = (variance_.array() - row.transpose().array().square()).max(0.0).matrix();
  arms_.push_back(arm);
  diagonal_.push_back(d);
}

void CandidateGp::give_value(double y) {
  const std::size_t i = weights_.size();
  if (i >= arms_.size()) throw std::logic_error("CandidateGp: a value without a row");
  const auto t = static_cast<Eigen::Index>(i);
  const Eigen::Map<const Eigen::VectorXd> w(weights_.data(), t);
  const double weight = (y - (t > 0 ? rows_.col(arms_[i]).head(t).dot(w) : 0.0)) / diagonal_[i];
  weights_.push_back(weight);
  mean_.noalias() += weight * rows_.row(t).transpose();
  log_det_ += information_gain(i);
}

void CandidateGp::truncate(std::size_t rows) {
  if (rows >= arms_.size()) return;
  arms_.resize(rows);
  diagonal_.resize(rows);
  if (weights_.size() > rows) weights_.resize(rows);
  const auto t = static_cast<Eigen::Index>(rows);
  const auto valued = static_cast<Eigen::Index>(weights_.size());
  variance_ = prior_variance_;
  mean_.setZero();
  log_det_ = 0.0;
  if (t == 0) return;
  variance_ = (variance_.array() - rows_.topRows(t).colwise().squaredNorm().transpose().array())
                  .max(0.0)
                  .matrix();
  if (valued == 0) return;
  const Eigen::Map<const Eigen::VectorXd> w(weights_.data(), valued);
  mean_.noalias() = rows_.topRows(valued).transpose() * w;
  for (std::size_t i = 0; i < weights_.size(); ++i) log_det_ += information_gain(i);
}

double CandidateGp::information_gain(std::size_t row) const {
  return 2.0 * std::log(diagonal_[row]) - std::log(noise_variance_);
}

void CandidateGp::save(StateArchive& archive) const {
  archive.write("rows", Eigen::MatrixXd(rows_.topRows(static_cast<Eigen::Index>(arms_.size()))));
  archive.write("arms", arms_);
  archive.write("diagonal", diagonal_);
  archive.write("weights", weights_);
  archive.write("mean", mean_);
  archive.write("variance", variance_);
  archive.write("log_det", log_det_);
}

void CandidateGp::restore(const StateArchive& archive) {
  const Eigen::Index candidates = candidates_.rows();
  Eigen::MatrixXd rows;
  archive.read("rows", rows);
  archive.read("arms", arms_);
  archive.read("diagonal", diagonal_);
  archive.read("weights", weights_);
  archive.read("mean", mean_);
  archive.read("variance", variance_);
  archive.read("log_det", log_det_);
  if (rows.rows() != static_cast<Eigen::Index>(arms_.size()) || rows.cols() != candidates ||
      diagonal_.size() != arms_.size() || weights_.size() > arms_.size() ||
      mean_.size() != candidates || variance_.size() != candidates) {
    throw StateError("state: the candidate GP's rows do not fit together");
  }
  rows_ = rows;
}

}  // namespace bopp::bbkb
