// The GP both algorithms condition on: the most recent n_max successful observations, with
// the configured hyperparameters (user units, no output standardization) or a MAP refit.
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace bopp::minucb {

// Successful observations in the order they were told.
class Observations {
 public:
  explicit Observations(Eigen::Index dim) : X_(0, dim) {}
  // Keeps the rows whose status is BOPP_OK and whose value is finite.
  void add(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::Index size() const { return y_.size(); }
  // The last `count` observations (all of them when fewer).
  Eigen::MatrixXd last_inputs(Eigen::Index count) const;
  Eigen::VectorXd last_values(Eigen::Index count) const;

  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Eigen::MatrixXd X_;
  Eigen::VectorXd y_;
};

class LocalModel {
 public:
  LocalModel(const Settings& settings, const Problem& problem, const Host& host, std::string owner);

  // The GP on the last `window` observations. With hyperparameters = fit and at least two
  // observations, its hyperparameters are fitted first (MAP, warm-started from the last fit,
  // draws from `seed`) and kept for with_last_fit; otherwise they are the configured ones.
  bo::GaussianProcess refit(const Observations& data, Eigen::Index window, std::uint64_t seed);
  // The same GP with the last fit's hyperparameters, under the output scaling they were fitted
  // for; with none yet, fitted as refit does, from seed 0.
  bo::GaussianProcess with_last_fit(const Observations& data, Eigen::Index window);

  // Checkpoints: the last fit and its output scaling.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  bo::GaussianProcess blank() const;
  bo::GaussianProcess with_configured_hyperparameters(const Eigen::MatrixXd& X,
                                                      const Eigen::VectorXd& y) const;
  bo::GaussianProcess fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, std::uint64_t seed);
  bo::Hyperparameters configured() const;

  const Settings& settings_;
  const Problem& problem_;
  Host host_;
  std::string owner_;
  std::optional<bo::Hyperparameters> fitted_;        // model units, for the standardized y
  std::optional<bo::OutputScaling> fitted_scaling_;  // the standardization fitted under
};

}  // namespace bopp::minucb
