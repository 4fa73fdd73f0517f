#include "sample_then_optimize.hpp"

#include "draw_streams.hpp"
#include "sample_search.hpp"

#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/seed_mixing.hpp>
#include <bopp/nn/regularized_training.hpp>
#include <bopp/nn/tangent_models.hpp>

#include <algorithm>
#include <cmath>

namespace bopp::stobnts {

namespace {

Eigen::VectorXd standard_normal_vector(Eigen::Index size, std::mt19937_64& rng) {
  Eigen::VectorXd v(size);
  for (Eigen::Index i = 0; i < size; ++i) v[i] = bo::standard_normal(rng);
  return v;
}

nn::MlpShape shape_for(const Settings& settings, Eigen::Index dim) {
  nn::MlpShape shape = settings.shape;
  shape.input_dim = dim;
  return shape;
}

}  // namespace

SampleThenOptimize::SampleThenOptimize(Variant variant, const char* name, const Problem& problem,
                                       const Config& config, std::uint64_t seed, const Host& host)
    : variant_(variant),
      name_(name),
      problem_(problem),
      host_(host),
      seed_(seed),
      settings_(read_settings(config, variant)),
      mlp_(shape_for(settings_, problem.dim())),
      design_rng_(mix64(seed ^ 0x5eed)),
      X_(0, problem.dim()) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm '" + name_ + "'");
  if (settings_.standard_steps)
    settings_.training.step_scales = mlp_.standard_parameterization_steps();
}

Eigen::VectorXd SampleThenOptimize::random_point() {
  if (problem_.has_candidates()) {
    const auto rows = static_cast<std::uint64_t>(problem_.candidates.rows());
    return problem_.candidates.row(static_cast<Eigen::Index>(bo::uniform_index(design_rng_, rows)))
        .transpose();
  }
  Eigen::VectorXd x(problem_.dim());
  for (Eigen::Index j = 0; j < x.size(); ++j)
    x[j] = bo::uniform(design_rng_, problem_.lower[j], problem_.upper[j]);
  return x;
}

Eigen::VectorXd SampleThenOptimize::training_targets() const {
  if (!settings_.standardize || y_.size() < 2) return y_;
  const double mean = y_.mean();
  const double sd =
      std::sqrt((y_.array() - mean).square().sum() / static_cast<double>(y_.size() - 1));
  return sd > 0 ? Eigen::VectorXd((y_.array() - mean) / sd) : Eigen::VectorXd(y_.array() - mean);
}

NetworkSample SampleThenOptimize::sample(std::uint64_t iteration, std::uint64_t draw) const {
  DrawStreams streams = draw_streams(seed_, iteration, draw);
  const double beta = settings_.beta;
  const double noise_variance = settings_.noise_std * settings_.noise_std;
  const Eigen::Index p = mlp_.parameter_count();
  const Eigen::VectorXd theta0 = standard_normal_vector(p, streams.initial);
  Eigen::VectorXd auxiliary = standard_normal_vector(p, streams.auxiliary);
  Eigen::VectorXd y = training_targets();
  if (settings_.perturb_targets)
    y += beta * settings_.noise_std * standard_normal_vector(y.size(), streams.targets);
  const NetworkSample blank(mlp_, beta, problem_.lower, problem_.upper, std::nullopt, std::nullopt);
  const Eigen::MatrixXd U = blank.to_unit(X_);
  const double lambda = beta * beta * noise_variance;

  if (variant_ == Variant::linear) {
    Eigen::VectorXd theta;
    if (settings_.closed_form) {
      theta = nn::tangent_regression(mlp_, U, y, auxiliary, theta0, beta, noise_variance);
    } else {
      const auto fit = nn::tangent_fit(mlp_, U, y, auxiliary, beta);
      theta =
          nn::train_regularized(fit, U.rows(), lambda, theta0, theta0, settings_.training).theta;
    }
    return NetworkSample(mlp_, beta, problem_.lower, problem_.upper, std::nullopt,
                         TangentTerm{auxiliary, std::move(theta)});
  }
  std::optional<TangentTerm> offset;
  Eigen::VectorXd offsets = Eigen::VectorXd::Zero(U.rows());
  if (variant_ == Variant::network) {
    // θ0' with its last layer zeroed: the offset carries Θ − K, the network's own output K.
    const int last = mlp_.layers();
    auxiliary.tail(p - mlp_.layer_offset(last)).setZero();
    offsets = mlp_.jacobian_vector_products(U, theta0, auxiliary);
    offset = TangentTerm{theta0, auxiliary};
  }
  const bool anchored = variant_ == Variant::network || settings_.anchor;
  const auto fit = nn::network_fit(mlp_, U, y, offsets, beta);
  const nn::TrainingResult trained = nn::train_regularized(fit, U.rows(), anchored ? lambda : 0.0,
                                                           theta0, theta0, settings_.training);
  host_.debug(name_ + ": draw " + std::to_string(draw) + " trained " +
              std::to_string(trained.steps) + " steps, loss " + std::to_string(trained.loss));
  return NetworkSample(mlp_, beta, problem_.lower, problem_.upper, trained.theta,
                       std::move(offset));
}

Points SampleThenOptimize::ask(std::size_t max_points) {
  const auto q = static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points));
  Points out(q, problem_.dim());
  if (design_used_ < settings_.initial_points || y_.size() == 0) {
    const Eigen::Index count = design_used_ < settings_.initial_points
                                   ? std::min(q, settings_.initial_points - design_used_)
                                   : 1;
    for (Eigen::Index i = 0; i < count; ++i) out.row(i) = random_point().transpose();
    design_used_ += count;
    return out.topRows(count);
  }
  const std::uint64_t iteration = iterations_++;
  const SampleSearchOptions search{settings_.acq_random, settings_.acq_restarts};
  for (Eigen::Index i = 0; i < q; ++i) {
    const auto draw = static_cast<std::uint64_t>(i);
    const NetworkSample drawn = sample(iteration, draw);
    std::mt19937_64 search_rng = draw_streams(seed_, iteration, draw).search;
    out.row(i) = maximize_sample(drawn, problem_, search, search_rng).transpose();
  }
  return out;
}

void SampleThenOptimize::tell(const Points& X, const Eigen::VectorXd& y,
                              std::span<const std::int32_t> status) {
  bo::append_successful_rows(X_, y_, X, y, status);
}

Eigen::VectorXd SampleThenOptimize::recommend() const {
  if (y_.size() == 0) return (problem_.lower + problem_.upper) / 2;
  Eigen::Index best = 0;
  y_.maxCoeff(&best);
  return X_.row(best).transpose();
}

}  // namespace bopp::stobnts
