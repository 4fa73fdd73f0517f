// GIBO's configuration, read once: the GP (bopp::bo::GpSettings), the gradient batch
// (bopp::bo::GradientBatchSettings), the start point, and each variant's step and data keys,
// with the defaults resolved against the problem.
#pragma once

#include <bopp/bo/gp_settings.hpp>
#include <bopp/bo/gradient_batch_settings.hpp>
#include <bopp/plugin.hpp>

#include <vector>

namespace bopp::gibo {

enum class Variant {
  mueller,  // Müller et al. 2021's code (mueller_gibo.hpp)
  wu,       // Wu et al. 2023, Algorithm 1 (wu_gibo.hpp)
  wu_bfgs,  // Wu et al. 2023's noiseless BFGS variant (wu_bfgs_gibo.hpp)
};

struct Settings {
  Variant variant = Variant::mueller;
  bo::GpSettings gp;
  Eigen::VectorXd lengthscales;  // user units, before any refit
  Eigen::Index batch = 0;        // as configured: 0 = the variant's default
  bool linear_schedule = false;  // wu: b_t = min(d·t, batch_max) (Wu et al. Cor. 2)
  Eigen::Index batch_max = 0;    // 0 = no cap
  Eigen::Index window = 0;       // n_max, resolved: the data the GP sees
  double local_radius = 4.0;     // wu: data within this many lengthscales of x_t
  double eta = 0.0;              // wu: step size; wu-bfgs: H₀ = η·I
  double lr = 0.25;              // mueller: normalized step size
  double delta = 0.0;            // half-width of the gradient batch's search box
  bool normalize_gradient = true;
  bool forward_design = false;  // {x, x + h·e_i} instead of the optimized design
  Eigen::VectorXd fd_step;      // h, user units
  int max_backtracks = 20;      // wu-bfgs
  bo::GradientBatchSettings gradient_batch;
  Eigen::VectorXd x0;
  // The first tell is the host's initial design: the ascent starts from its best point.
  bool design_from_host = false;
};

std::vector<Param> params();

// Throws std::invalid_argument for a candidate set or an infinite bound, SchemaError naming
// the key for a bad start point.
Settings read_settings(const Problem& problem, const Config& config);

}  // namespace bopp::gibo
