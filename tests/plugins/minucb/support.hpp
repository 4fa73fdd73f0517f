// Small GPs and objectives shared by the minucb tests.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/uniform_point.hpp>
#include <bopp/plugin.hpp>

#include <cmath>
#include <cstdint>
#include <random>

namespace minucb_test {

// A GP with fixed hyperparameters (user units, no standardization) on n uniform points of
// `problem`'s box, with y = Σ sin(3 x_i) + small noise.
inline bopp::bo::GaussianProcess small_gp(const bopp::Problem& problem, Eigen::Index n,
                                          std::uint64_t seed,
                                          bopp::bo::KernelType kernel = bopp::bo::KernelType::rbf,
                                          double lengthscale = 0.3, bool standardize = false) {
  std::mt19937_64 rng(seed);
  const Eigen::Index d = problem.dim();
  Eigen::MatrixXd X(n, d);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    X.row(i) = bopp::bo::uniform_in_box(rng, problem.lower, problem.upper).transpose();
    y[i] = X.row(i).array().sin().sum() * 3 + 0.05 * bopp::bo::standard_normal(rng);
  }
  bopp::bo::GaussianProcess gp(bopp::bo::Kernel(kernel, d), problem.lower, problem.upper);
  const Eigen::VectorXd widths = problem.upper - problem.lower;
  bopp::bo::Hyperparameters h;
  h.lengthscales = (lengthscale / widths.array()).matrix();
  h.outputscale = standardize ? 1.3 : 2.0;
  h.noise_variance = 0.01;
  h.mean = standardize ? 0.2 : 0.0;
  gp.set_hyperparameters(h);
  if (standardize) {
    gp.condition(X, y);
  } else {
    gp.condition(X, y, bopp::bo::OutputScaling{0.0, 1.0});
  }
  return gp;
}

}  // namespace minucb_test
