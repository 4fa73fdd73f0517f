// The keys of sto-bnts, sto-bnts-linear and deep-ensemble, declared once with their defaults.
#pragma once

#include <bopp/nn/mlp.hpp>
#include <bopp/nn/network_training.hpp>
#include <bopp/nn/regularized_training.hpp>
#include <bopp/plugin.hpp>

#include <vector>

namespace bopp::stobnts {

// Which model a draw trains (Dai et al. 2022).
enum class Variant {
  network,   // Algorithm 1: f(x; θ) + ⟨∇θ f(x; θ0), θ0'⟩ trained from θ0
  linear,    // Algorithm 2: a linear model on the tangent features at θ0'
  ensemble,  // the deep-ensemble baseline: f(x; θ) alone
};

struct Settings {
  Eigen::Index initial_points = 20;
  nn::MlpShape shape;  // input_dim is the problem's
  double noise_std = 0.1;
  double beta = 1.0;
  bool standardize = true;
  bool perturb_targets = false;
  nn::TrainingOptions training;
  nn::Precision precision = nn::Precision::float32;  // of the networks' training
  bool standard_steps = true;                        // lr_scaling = standard
  bool closed_form = true;                           // sto-bnts-linear: linear_solver = closed_form
  bool anchor = false;                               // deep-ensemble: keep the pull toward θ0
  int acq_random = 10000;
  int acq_restarts = 100;
};

std::vector<Param> settings_params(Variant variant);

// Reads a configuration made from settings_params(variant).
Settings read_settings(const Config& config, Variant variant);

}  // namespace bopp::stobnts
