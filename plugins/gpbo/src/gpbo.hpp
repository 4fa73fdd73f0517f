// Standard GP-based Bayesian optimization, the baseline of every Bayesian method.
//
// Asks the points of a scrambled Sobol design first (`initial_points` of them), then, every
// iteration, refits a GP (ARD kernel chosen by `kernel`, constant mean, learned or fixed
// noise, MAP hyperparameters under BoTorch's Gamma priors, warm-started from the last fit)
// on every successful observation and maximizes the acquisition (`ei`, `logei`, `ucb`,
// `ts`) over the box, or over the candidate set when the problem has one. A batch of q
// points comes from q independent Thompson samples (acquisition `ts`, or batch = "thompson")
// or from the kriging believer (each point is added to the GP as a fantasy at its posterior
// mean before the next one is chosen). Failed evaluations are skipped. It may be asked while
// points it asked are still being evaluated (asynchronous runs): those pending points enter
// the GP as kriging-believer fantasies too (Thompson batches ignore them).
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/ucb_beta.hpp>
#include <bopp/kit/pending_points.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace bopp::gpbo {

class Gpbo {
 public:
  static constexpr const char* name = "gpbo";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "GP-based Bayesian optimization: Sobol design, then EI / log-EI / UCB / Thompson sampling";
  static std::vector<Param> params();
  static constexpr bool asks_with_pending = true;

  Gpbo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  // The GP of the last model-based ask (empty before it); for tests and diagnostics.
  const std::optional<bo::GaussianProcess>& model() const { return gp_; }

 private:
  Eigen::VectorXd next_design_point();
  Eigen::VectorXd choose(bo::GaussianProcess& gp, bool thompson, std::uint64_t seed);
  void fit_model();

  Problem problem_;
  Host host_;
  std::mt19937_64 rng_;
  Eigen::Index initial_points_;
  std::string acquisition_;
  bo::UcbBeta beta_;
  bo::KernelType kernel_;
  bool thompson_batches_;
  bool learn_noise_;
  double noise_variance_;
  bool priors_;
  int fit_restarts_;
  int raw_samples_;
  int optimizer_restarts_;
  int thompson_features_;

  Eigen::MatrixXd design_;  // the initial design, in the box
  Eigen::Index design_used_ = 0;
  std::vector<bool> candidate_used_;  // candidate rows already asked
  Eigen::MatrixXd X_;                 // successful observations
  Eigen::VectorXd y_;
  PendingPoints pending_;  // asked, not told yet
  std::optional<bo::GaussianProcess> gp_;
  std::optional<bo::Hyperparameters> last_fit_;
};

}  // namespace bopp::gpbo
