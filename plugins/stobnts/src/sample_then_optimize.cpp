// Dai et al. 2022, Algorithm 1 (sto-bnts) and Algorithm 2 (sto-bnts-linear); deep-ensemble is
// Algorithm 1 without the tangent offset:
//
//   D ← f at n_init uniform points (or candidate rows)                random_point
//   for t = 1, 2, …
//     for i = 1, …, B                                                 ask
//       θ0, θ0' ~ init, from the streams of (seed, t, i)              sample
//       f_t^i(x; θ) = f(x; θ) + ⟨∇θ f(x; θ0), θ0'⟩, θ0' with          train_with_tangent_offset
//         its last layer zeroed (Algorithm 1)
//       f_t^i(x; θ) = ⟨∇θ f(x; θ0'), θ⟩ (Algorithm 2)                 train_linear_model
//       f_t^i(x; θ) = f(x; θ) (deep ensemble)                         train_plain_network
//       θ_t^i ← argmin_θ L_t(θ, D) from θ0 (eq. 1), by L-BFGS to        train_network
//         convergence or the reference code's fixed gradient-descent steps
//       x_t^i ← argmax_x f_t^i(x; θ_t^i)                              maximize_sample
//     query f at the batch; D ← D ∪ {its successful (x, y)}           tell
#include "sample_then_optimize.hpp"

#include "draw_streams.hpp"
#include "sample_search.hpp"

#include <bopp/bo/best_observed.hpp>
#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/bo/uniform_point.hpp>
#include <bopp/kit/seed_mixing.hpp>
#include <bopp/nn/network_training.hpp>
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
    : train_draw_(train_draw_for(variant)),
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

SampleThenOptimize::TrainDraw SampleThenOptimize::train_draw_for(Variant variant) {
  switch (variant) {
    case Variant::network:
      return &SampleThenOptimize::train_with_tangent_offset;
    case Variant::linear:
      return &SampleThenOptimize::train_linear_model;
    case Variant::ensemble:
      break;
  }
  return &SampleThenOptimize::train_plain_network;
}

Eigen::VectorXd SampleThenOptimize::random_point() {
  if (problem_.has_candidates())
    return problem_.candidates.row(bo::uniform_row(design_rng_, problem_.candidates)).transpose();
  return bo::uniform_in_box(design_rng_, problem_.lower, problem_.upper);
}

Eigen::VectorXd SampleThenOptimize::training_targets() const {
  if (!settings_.standardize || y_.size() < 2) return y_;
  const double mean = y_.mean();
  const double sd =
      std::sqrt((y_.array() - mean).square().sum() / static_cast<double>(y_.size() - 1));
  return sd > 0 ? Eigen::VectorXd((y_.array() - mean) / sd) : Eigen::VectorXd(y_.array() - mean);
}

double SampleThenOptimize::regularization() const {
  const double noise_variance = settings_.noise_std * settings_.noise_std;
  return settings_.beta * settings_.beta * noise_variance;
}

NetworkSample SampleThenOptimize::sample(std::uint64_t iteration, std::uint64_t draw) const {
  DrawStreams streams = draw_streams(seed_, iteration, draw);
  const Eigen::Index p = mlp_.parameter_count();
  DrawInputs in;
  in.theta0 = standard_normal_vector(p, streams.initial);
  in.auxiliary = standard_normal_vector(p, streams.auxiliary);
  in.y = training_targets();
  if (settings_.perturb_targets)
    in.y +=
        settings_.beta * settings_.noise_std * standard_normal_vector(in.y.size(), streams.targets);
  in.U = unit_rows(X_, problem_.lower, problem_.upper);
  in.draw = draw;
  return (this->*train_draw_)(in);
}

NetworkSample SampleThenOptimize::train_with_tangent_offset(DrawInputs& in) const {
  // θ0' with its last layer zeroed: the offset carries Θ − K, the network's own output K.
  const Eigen::Index p = mlp_.parameter_count();
  in.auxiliary.tail(p - mlp_.layer_offset(mlp_.layers())).setZero();
  const Eigen::VectorXd offsets = mlp_.jacobian_vector_products(in.U, in.theta0, in.auxiliary);
  return train_network(in, offsets, regularization(), TangentTerm{in.theta0, in.auxiliary});
}

NetworkSample SampleThenOptimize::train_linear_model(DrawInputs& in) const {
  const double beta = settings_.beta;
  Eigen::VectorXd theta;
  if (settings_.closed_form) {
    const double noise_variance = settings_.noise_std * settings_.noise_std;
    theta = nn::tangent_regression(mlp_, in.U, in.y, in.auxiliary, in.theta0, beta, noise_variance);
  } else if (settings_.training.method == nn::TrainingMethod::gradient_descent) {
    // The authors' fixed steps, in the n-dimensional coordinates where they move (the same
    // iterates as stepping θ, up to rounding; a step costs n² products, not a network pass).
    nn::TrainingResult trained = nn::tangent_gradient_descent(
        mlp_, in.U, in.y, in.auxiliary, in.theta0, beta, regularization(), settings_.training);
    log_training(in.draw, trained);
    theta = std::move(trained.theta);
  } else {
    const auto fit = nn::tangent_fit(mlp_, in.U, in.y, in.auxiliary, beta);
    nn::TrainingResult trained = nn::train_regularized(fit, in.U.rows(), regularization(),
                                                       in.theta0, in.theta0, settings_.training);
    log_training(in.draw, trained);
    theta = std::move(trained.theta);
  }
  // Its model is solved in double, and so is its search.
  return NetworkSample(mlp_, beta, problem_.lower, problem_.upper, std::nullopt,
                       TangentTerm{in.auxiliary, std::move(theta)}, nn::Precision::float64);
}

NetworkSample SampleThenOptimize::train_plain_network(DrawInputs& in) const {
  return train_network(in, Eigen::VectorXd::Zero(in.U.rows()),
                       settings_.anchor ? regularization() : 0.0, std::nullopt);
}

NetworkSample SampleThenOptimize::train_network(const DrawInputs& in,
                                                const Eigen::VectorXd& offsets, double lambda,
                                                std::optional<TangentTerm> offset) const {
  const nn::TrainingResult trained =
      nn::train_network(mlp_, in.U, in.y, offsets, settings_.beta, lambda, in.theta0, in.theta0,
                        settings_.training, settings_.precision);
  log_training(in.draw, trained);
  return NetworkSample(mlp_, settings_.beta, problem_.lower, problem_.upper, trained.theta, offset,
                       settings_.precision);
}

void SampleThenOptimize::log_training(std::uint64_t draw, const nn::TrainingResult& trained) const {
  host_.debug(name_ + ": draw " + std::to_string(draw) + " trained " +
              std::to_string(trained.steps) + " passes, loss " + std::to_string(trained.loss) +
              ", training rms residual " + std::to_string(trained.residual_rms));
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
    const SampleMaximum best = maximize_sample(drawn, problem_, search, search_rng);
    out.row(i) = best.x.transpose();
    if (!problem_.has_candidates())
      host_.debug(name_ + ": draw " + std::to_string(draw) + " searched " +
                  std::to_string(search.random_points) + " random points, then " +
                  std::to_string(best.refined_points) + " points in " +
                  std::to_string(std::min(search.restarts, search.random_points)) + " L-BFGS runs");
  }
  return out;
}

void SampleThenOptimize::tell(const Points& X, const Eigen::VectorXd& y,
                              std::span<const std::int32_t> status) {
  bo::append_successful_rows(X_, y_, X, y, status);
}

Eigen::VectorXd SampleThenOptimize::recommend() const {
  return bo::best_observed(X_, y_, problem_.lower, problem_.upper);
}

void SampleThenOptimize::save(StateArchive& archive) const {
  archive.write("design_rng", design_rng_);
  archive.write("design_used", design_used_);
  archive.write("iterations", iterations_);
  archive.write("X", X_);
  archive.write("y", y_);
}

void SampleThenOptimize::restore(const StateArchive& archive) {
  archive.read("design_rng", design_rng_);
  archive.read("design_used", design_used_);
  archive.read("iterations", iterations_);
  archive.read("X", X_);
  archive.read("y", y_);
  if (X_.cols() != problem_.dim() || X_.rows() != y_.size())
    throw StateError("state: observations of another shape");
}

}  // namespace bopp::stobnts
