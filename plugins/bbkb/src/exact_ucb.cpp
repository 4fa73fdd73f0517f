#include "exact_ucb.hpp"

#include "candidate_rows.hpp"
#include "exact_gp.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/seed_mixing.hpp>

#include <cmath>
#include <limits>

namespace bopp::bbkb {

ExactUcb::ExactUcb(bool batched, const char* algorithm, const Problem& problem,
                   const Config& config, std::uint64_t seed, const Host&)
    : batched_(batched),
      problem_(problem),
      settings_(read_settings(config, problem, algorithm)),
      observed_(make_exact_gp(settings_, problem_.candidates)) {
  if (!batched_) settings_.c_tilde = 1.0;
  start_batch();
  // As BBKB: a first arm drawn uniformly, a batch of its own.
  std::mt19937_64 first(derive_seed(seed, 0));
  chosen_.push_back(static_cast<Eigen::Index>(
      bo::uniform_index(first, static_cast<std::uint64_t>(problem_.candidates.rows()))));
  closed_ = true;
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

Eigen::Index ExactUcb::choose() {
  const Eigen::Index arm = first_argmax(mean_ + width_ * variance_.cwiseSqrt());
  chosen_.push_back(arm);
  product_ *= 1.0 + variance_[arm];
  closed_ = !batched_ || product_ > settings_.c_tilde;
  if (!closed_) {
    batch_->add_fantasies(problem_.candidates.row(arm));
    variance_ = batch_->predict(problem_.candidates).variance / settings_.lambda;
  }
  return arm;
}

void ExactUcb::tell(const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  const std::vector<Eigen::Index> ok = bo::successful_rows(y, status);
  Points rows(static_cast<Eigen::Index>(ok.size()), problem_.dim());
  Eigen::VectorXd values(rows.rows());
  for (std::size_t k = 0; k < ok.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    rows.row(r) =
        problem_.candidates.row(nearest_candidate(problem_.candidates, X.row(ok[k]).transpose()));
    values[r] = y[ok[k]];
  }
  if (rows.rows() > 0) observed_.add_observations(rows, values);
  told_ += static_cast<std::size_t>(X.rows());
  if (closed_ && told_ >= chosen_.size()) end_batch();
}

void ExactUcb::end_batch() {
  batch_sizes_.push_back(chosen_.size());
  start_batch();
}

void ExactUcb::start_batch() {
  const bo::Posterior p = observed_.predict(problem_.candidates);
  mean_ = p.mean;
  variance_ = p.variance / settings_.lambda;
  width_ = settings_.width(information_gain(observed_, settings_.lambda), settings_.c_tilde);
  if (batched_) batch_ = observed_;
  product_ = 1.0;
  chosen_.clear();
  handed_ = 0;
  told_ = 0;
  closed_ = false;
}

Eigen::VectorXd ExactUcb::recommend() const {
  if (observed_.size() == 0) return problem_.candidates.row(0).transpose();
  const Eigen::VectorXd at_data = observed_.predict(observed_.inputs()).mean;
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < at_data.size(); ++i)
    if (at_data[i] > at_data[best]) best = i;
  return observed_.inputs().row(best).transpose();
}

}  // namespace bopp::bbkb
