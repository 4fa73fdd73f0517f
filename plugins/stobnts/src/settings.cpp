#include "settings.hpp"

#include <bopp/kit/host_design.hpp>

namespace bopp::stobnts {

std::vector<Param> settings_params(Variant variant) {
  std::vector<Param> params = {
      Param::integer("n_init", 20, "uniform random points (or candidate rows) asked first")
          .at_least(1),
      Param::integer("depth", 2, "L, the number of hidden layers").range(0, 64),
      Param::integer("width", 256, "m, the units of every hidden layer").range(1, 100000),
      Param::choice("activation", "relu", "relu|erf", "activation of the hidden layers"),
      Param::real("weight_std", 1.5, "sigma_w of the NTK parameterization").at_least(0),
      Param::real("bias_std", 0.05, "sigma_b of the NTK parameterization").at_least(0),
      Param::real("noise_std", 0.1,
                  "sigma, the noise standard deviation of the regularizer beta^2 sigma^2 "
                  "|theta - theta0|^2 (in the units of the transformed y)")
          .at_least(1e-12),
      Param::real("beta", 1.0, "beta_t, the output multiplier (Dai et al. use 1 throughout)")
          .at_least(1e-12),
      Param::choice("y_transform", "standardize", "standardize|none",
                    "train on standardized observations, or on the raw values"),
      Param::boolean("perturb_targets", false,
                     "add beta sigma N(0, 1) to every target of a draw, which makes the trained "
                     "model an exact posterior draw (the paper does not)"),
      Param::real("learning_rate", 1e-3,
                  "gradient-descent step on the loss divided by 2n (the reference code's scaling)")
          .at_least(0),
      Param::choice(
          "lr_scaling", "standard", "standard|ntk",
          "standard: per-layer steps fan_in / sigma_w^2 and 1 / sigma_b^2, i.e. plain "
          "gradient descent in the standard parameterization; ntk: one step for all (gd only: "
          "L-BFGS runs in the NTK coordinates)"),
      Param::integer("train_steps", 10000, "gradient-descent steps per draw (training = gd)")
          .at_least(0),
      Param::integer("train_passes", 3000,
                     "L-BFGS: at most this many evaluations of the loss and its gradient per draw")
          .range(0, 10000000),
      Param::real("train_tol", 2e-3,
                  "L-BFGS: stop once the loss fell by at most this fraction of itself over the "
                  "last 100 passes (converged)")
          .range(0, 1),
      Param::real("grad_tol", 0.0,
                  "stop training once the gradient norm falls below this fraction of its "
                  "initial value (0: never; gd then runs all train_steps)")
          .at_least(0),
      Param::integer("acq_random", 10000,
                     "uniform random points where a draw is evaluated on a box domain")
          .range(1, 10000000),
      Param::integer("acq_restarts", 100,
                     "L-BFGS runs from the best random points (the paper's 100 restarts)")
          .range(0, 10000),
  };
  if (variant != Variant::linear) {
    params.push_back(Param::choice(
        "training", "lbfgs", "lbfgs|gd",
        "lbfgs: full-batch L-BFGS until the loss stops falling (train_tol, train_passes), the "
        "paper's training till convergence; gd: train_steps of gradient descent at "
        "learning_rate, the reference code's recipe"));
    params.push_back(Param::choice(
        "precision", "float", "float|double",
        "arithmetic of the network's training and of a draw's search over random points or "
        "candidate rows: float, as Dai et al.'s reference code trains, about twice the speed "
        "of double; the L-BFGS refinement is in double either way"));
  }
  if (variant == Variant::linear)
    params.push_back(Param::choice(
        "linear_solver", "closed_form", "closed_form|gd|lbfgs",
        "closed_form: the exact minimizer of the regularized loss (the limit of the gradient "
        "descent the paper prescribes); gd: train_steps of gradient descent, as the reference "
        "code trains it; lbfgs: L-BFGS as the networks' training = lbfgs"));
  if (variant == Variant::ensemble)
    params.push_back(Param::boolean(
        "anchor", false,
        "keep the pull toward the initialization (He et al.'s RP-param); false: plain squared "
        "error, as in the reference code"));
  params.push_back(design_from_host_param());
  return params;
}

Settings read_settings(const Config& config, Variant variant) {
  Settings s;
  // The host's design takes the place of the n_init random points: none is asked.
  s.initial_points = config.boolean(kDesignFromHost) ? 0 : config.integer("n_init");
  s.shape.depth = static_cast<int>(config.integer("depth"));
  s.shape.width = config.integer("width");
  s.shape.activation = nn::activation_from_name(config.string("activation"));
  s.shape.weight_std = config.real("weight_std");
  s.shape.bias_std = config.real("bias_std");
  s.noise_std = config.real("noise_std");
  s.beta = config.real("beta");
  s.standardize = config.string("y_transform") == "standardize";
  s.perturb_targets = config.boolean("perturb_targets");
  s.training.learning_rate = config.real("learning_rate");
  s.standard_steps = config.string("lr_scaling") == "standard";
  s.training.max_steps = static_cast<int>(config.integer("train_steps"));
  s.training.max_passes = static_cast<int>(config.integer("train_passes"));
  s.training.loss_tolerance = config.real("train_tol");
  s.training.gradient_tolerance = config.real("grad_tol");
  s.acq_random = static_cast<int>(config.integer("acq_random"));
  s.acq_restarts = static_cast<int>(config.integer("acq_restarts"));
  if (variant != Variant::linear) {
    s.precision = nn::precision_from_name(config.string("precision"));
    s.training.method = nn::training_method_from_name(config.string("training"));
  } else {
    const std::string solver = config.string("linear_solver");
    s.closed_form = solver == "closed_form";
    if (!s.closed_form) s.training.method = nn::training_method_from_name(solver);
  }
  if (variant == Variant::ensemble) s.anchor = config.boolean("anchor");
  return s;
}

}  // namespace bopp::stobnts
