// The model every GIBO variant ascends on: a GP on the observations it is given (fixed
// hyperparameters in the user's units of y, or a MAP refit), the posterior mean of ∇f at the
// iterate (bopp::bo::gradient_posterior), and the sampling batch that makes that estimate
// most certain (bopp::bo::select_gradient_batch, Müller et al. 2021, eq. 10).
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/gradient_trace.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <vector>

namespace bopp::gibo {

struct Observation {
  Eigen::VectorXd x;
  double y;

  void save(StateArchive& archive) const {
    archive.write("x", x);
    archive.write("y", y);
  }
  void restore(const StateArchive& archive) {
    archive.read("x", x);
    archive.read("y", y);
  }
};

class GradientModel {
 public:
  GradientModel(const Problem& problem, const Settings& settings, const Host& host);

  // The GP conditioned on `data` (the prior alone when it is empty).
  bo::GaussianProcess gp(const std::vector<Observation>& data) const;
  // ∇μ(x), the posterior mean of the gradient given `data`.
  Eigen::VectorXd gradient(const std::vector<Observation>& data, const Eigen::VectorXd& x) const;
  // Up to options.batch points that most lower tr Cov[∇f(x) | data, points].
  Eigen::MatrixXd sampling_batch(const std::vector<Observation>& data, const Eigen::VectorXd& x,
                                 const bo::GradientBatchOptions& options, std::uint64_t seed) const;
  // A MAP refit of lengthscales, outputscale and mean on `data`, the noise kept fixed as in
  // Müller et al.'s every setup.
  void refit(const std::vector<Observation>& data, std::uint64_t seed);

  const Eigen::VectorXd& lengthscales() const { return lengthscales_; }  // user units

  // Checkpoints: the hyperparameters of the last refit (or the configured ones).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Problem problem_;
  Host host_;
  bo::KernelType kernel_;
  bo::Hyperparameters hypers_;    // model units
  Eigen::VectorXd lengthscales_;  // the same lengthscales, user units
};

}  // namespace bopp::gibo
