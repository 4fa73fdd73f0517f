// The loop shared by sto-bnts, sto-bnts-linear and deep-ensemble (Dai et al. 2022,
// Algorithms 1 and 2): n_init random points first; then each of the B points of a batch is the
// maximizer of its own freshly drawn and trained model, conditioned on every successful
// observation so far. No fantasies, no penalization: the B draws are independent, and two of
// them may pick the same candidate.
#pragma once

#include "network_sample.hpp"
#include "settings.hpp"

#include <bopp/nn/mlp.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace bopp::stobnts {

class SampleThenOptimize {
 public:
  SampleThenOptimize(Variant variant, const char* name, const Problem& problem,
                     const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  // Checkpoints: the observations and where the streams stand; every draw's streams follow
  // from the seed and its (iteration, draw), so no network is saved.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

  // Draw `draw` of model-based iteration `iteration`, trained on the data told so far (needs
  // at least one successful observation). For tests and diagnostics.
  NetworkSample sample(std::uint64_t iteration, std::uint64_t draw) const;
  const Settings& settings() const { return settings_; }
  const nn::Mlp& network() const { return mlp_; }

 private:
  // What one draw is trained from.
  struct DrawInputs {
    Eigen::MatrixXd U;          // the observations' inputs in the unit cube
    Eigen::VectorXd y;          // their training targets, perturbed with perturb_targets
    Eigen::VectorXd theta0;     // θ0, where training starts and what it is pulled toward
    Eigen::VectorXd auxiliary;  // θ0': the tangent offset (sto-bnts) or the feature network
    std::uint64_t draw = 0;     // its index in the batch, for the log
  };
  // How a variant trains a draw: one of the three below, chosen once.
  using TrainDraw = NetworkSample (SampleThenOptimize::*)(DrawInputs&) const;
  static TrainDraw train_draw_for(Variant variant);

  NetworkSample train_with_tangent_offset(DrawInputs& in) const;  // sto-bnts
  NetworkSample train_linear_model(DrawInputs& in) const;         // sto-bnts-linear
  NetworkSample train_plain_network(DrawInputs& in) const;        // deep-ensemble
  NetworkSample train_network(const DrawInputs& in, const Eigen::VectorXd& offsets, double lambda,
                              std::optional<TangentTerm> offset) const;

  // The debug line of a trained draw: its passes, loss and training rms residual.
  void log_training(std::uint64_t draw, const nn::TrainingResult& trained) const;

  Eigen::VectorXd random_point();
  Eigen::VectorXd training_targets() const;
  // λ = β² σ², the weight of the pull toward θ0 in the loss (Dai et al. 2022, eq. 1).
  double regularization() const;

  TrainDraw train_draw_;
  std::string name_;
  Problem problem_;
  Host host_;
  std::uint64_t seed_;
  Settings settings_;
  nn::Mlp mlp_;
  std::mt19937_64 design_rng_;
  Eigen::Index design_used_ = 0;
  std::uint64_t iterations_ = 0;  // model-based asks so far
  Eigen::MatrixXd X_;             // successful observations
  Eigen::VectorXd y_;
};

}  // namespace bopp::stobnts
