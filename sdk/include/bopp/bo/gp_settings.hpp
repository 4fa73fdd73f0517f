// bopp/bo/gp_settings.hpp: the GP a local method (GIBO, MinUCB, LA-MinUCB) conditions on, as
// the user configures it: kernel, hyperparameters in the user's units, fixed or refit.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>

#include <Eigen/Core>

#include <vector>

namespace bopp::bo {

struct GpSettings {
  KernelType kernel = KernelType::rbf;
  double lengthscale = 0.0;      // user units of x, every dimension; 0: Müller et al.'s rule
  double outputscale = 1.0;      // prior variance of f, user units of y²
  double noise_variance = 0.01;  // user units of y²; 0 = noiseless
  bool fit = false;              // MAP refit of the hyperparameters once per iteration

  // The lengthscales in the user's units: `lengthscale`, or Müller et al.'s 2·δ(d)·0.1/δ(2)
  // times the box width (mueller_lengthscale.hpp).
  Eigen::VectorXd user_lengthscales(const Eigen::VectorXd& lower,
                                    const Eigen::VectorXd& upper) const;
  // The same in model units (the unit cube): `lengthscale` over the box width, or Müller et
  // al.'s rule itself.
  Eigen::VectorXd model_lengthscales(const Eigen::VectorXd& lower,
                                     const Eigen::VectorXd& upper) const;
};

// The keys kernel, lengthscale, outputscale, noise_variance and hyperparameters, with the
// papers' defaults (Müller et al. 2021 and Fan et al. 2024's synthetic setups).
std::vector<Param> gp_settings_params();

GpSettings read_gp_settings(const Config& config);

}  // namespace bopp::bo
