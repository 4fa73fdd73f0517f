// The configuration MinUCB and LA-MinUCB share: the GP (kernel, hyperparameters in user
// units, fixed or refit), the confidence multiplier β, the local box, the data window and
// the start point.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/plugin.hpp>

#include <string>
#include <vector>

namespace bopp::minucb {

struct Settings {
  double beta = 3.0;  // LCB = μ − β σ (β multiplies σ itself)
  bo::KernelType kernel = bo::KernelType::rbf;
  Eigen::VectorXd lengthscales;   // model units (unit cube), one per dimension
  double outputscale = 1.0;       // prior variance of f, user units of y²
  double noise_variance = 0.01;   // user units of y²
  bool fit = false;               // refit the hyperparameters once per iteration
  double delta = 0.2;             // half-width of the local box, user units of x
  Eigen::Index n_max = 0;         // most recent observations the GP keeps
  double lr = 0.25;               // GIBO's normalized step, a start of the LCB step
  Eigen::VectorXd x0;             // the first iterate, in the box
  bool design_from_host = false;  // the first tell is the host's design: x_0 is its best point
};

// The parameters both algorithms declare, with the paper's defaults.
std::vector<Param> shared_params();

// Reads the shared keys; throws SchemaError naming the key when a value does not suit the
// problem (x0 of the wrong length or outside the box, x0 and x0_sobol_index both given).
Settings read_settings(const Problem& problem, const Config& config, const std::string& owner);

// The local box x ± δ ∩ [lower, upper].
struct Box {
  Eigen::VectorXd lower, upper;
};
Box local_box(const Eigen::VectorXd& x, double delta, const Problem& problem);

}  // namespace bopp::minucb
