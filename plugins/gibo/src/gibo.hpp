// Gradient-informed Bayesian optimization (GIBO): local ascent on a GP's estimate of ∇f. The
// plugin's one algorithm, "gibo", runs one of three readings of the method (docs/gibo.md):
//   mueller    Müller et al. 2021's code (mueller_gibo.hpp);
//   wu         Wu et al. 2023, Algorithm 1 (wu_gibo.hpp);
//   wu-bfgs    the noiseless BFGS variant of Wu et al.'s Figure 1 (wu_bfgs_gibo.hpp).
#pragma once

#include "gradient_ascent.hpp"

#include <bopp/plugin.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace bopp::gibo {

class Gibo {
 public:
  static constexpr const char* name = "gibo";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "GIBO: local gradient ascent on a GP's gradient estimate (Müller et al. 2021; Wu et al. "
      "2023)";
  static std::vector<Param> params() { return gibo::params(); }

  Gibo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points) { return ascent_->ask(max_points); }
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
    ascent_->tell(X, y, status);
  }
  Eigen::VectorXd recommend() const { return ascent_->iterate(); }

  // Checkpoints: the variant's whole state (gradient_ascent.hpp).
  void save(StateArchive& archive) const { ascent_->save(archive); }
  void restore(const StateArchive& archive) { ascent_->restore(archive); }

  // For tests and diagnostics (gradient_ascent.hpp).
  std::size_t iteration() const { return ascent_->iteration(); }
  const Eigen::VectorXd& last_gradient() const { return ascent_->last_gradient(); }
  const Eigen::VectorXd& last_gradient_point() const { return ascent_->last_gradient_point(); }
  const Eigen::VectorXd& lengthscales() const { return ascent_->lengthscales(); }  // user units

 private:
  std::unique_ptr<GradientAscent> ascent_;
};

}  // namespace bopp::gibo
