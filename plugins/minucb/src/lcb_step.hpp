// MinUCB's exploitation step, shared by MinUCB and LA-MinUCB: x_{t+1} = argmax μ − βσ over
// the local box x_t ± δ (Fan et al. 2024, Algorithm 1 line 5 and Algorithm 2 line 6, in
// the maximization convention: the paper's argmin μ + βσ of a minimization).
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>

#include <cstdint>

namespace bopp::minucb {

// μ(x) − β σ(x) of the latent f, user units; with `gradient`, its gradient in x.
double lower_confidence_bound(const bo::GaussianProcess& gp, const Eigen::VectorXd& x, double beta,
                              Eigen::VectorXd* gradient = nullptr);

// GIBO's normalized ascent step x + lr·ℓ ⊙ g/‖g‖, g = ∇μ(x), ℓ the lengthscales in user units
// (Müller et al. 2021), clamped into `box`; x itself when g = 0.
Eigen::VectorXd gradient_step(const bo::GaussianProcess& gp, const Eigen::VectorXd& x, double lr,
                              const Box& box);

struct LcbStep {
  Eigen::VectorXd x;              // x_{t+1}
  double value = 0.0;             // LCB(x_{t+1})
  double value_at_current = 0.0;  // LCB(x_t)
  Eigen::VectorXd gradient_step;  // GIBO's step from x_t, in the box
  double value_at_gradient_step = 0.0;
  Box box;  // x_t ± δ ∩ the problem's box
};

struct LcbStepOptions {
  double beta = 3.0;
  double delta = 0.2;
  double lr = 0.25;
  int random_points = 64;     // uniform in the box; the best one is a start
  int best_observed = 3;      // best observed points inside the box, starts too
  int max_evaluations = 200;  // L-BFGS evaluations per start

  // β, δ and the GIBO step's lr from an algorithm's settings, the rest at their defaults.
  static LcbStepOptions from(const Settings& settings) {
    LcbStepOptions options;
    options.beta = settings.beta;
    options.delta = settings.delta;
    options.lr = settings.lr;
    return options;
  }
};

// Multistart box L-BFGS from x_t, GIBO's step, the best observed points inside the box and
// the best of the random points. Never worse than a start, so
// LCB(x_{t+1}) ≥ max(LCB(x_t), LCB(GIBO's step)): the chain of Fan et al.'s proof (eq. 18).
LcbStep maximize_lcb_near(const bo::GaussianProcess& gp, const Eigen::VectorXd& x_t,
                          const Problem& problem, const LcbStepOptions& options,
                          std::uint64_t seed);

}  // namespace bopp::minucb
