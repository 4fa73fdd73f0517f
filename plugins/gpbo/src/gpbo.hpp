// Standard GP-based Bayesian optimization, the baseline of every Bayesian method.
//
// Asks the points of a scrambled Sobol design first (`initial_points` of them), then, every
// iteration, refits a GP (ARD kernel chosen by `kernel`, constant mean, learned or fixed
// noise, MAP hyperparameters under BoTorch's Gamma priors, warm-started from the last fit,
// random restarts on the adaptive schedule) on every successful observation and maximizes
// the acquisition (`ei`, `logei`, `ucb`, `ts`) over the box, or over the candidate set when
// the problem has one. A batch of q points comes from q independent Thompson samples
// (acquisition `ts`, or batch = "thompson") or from the kriging believer (each point is
// added to the GP as a fantasy at its posterior mean before the next one is chosen). Failed
// evaluations are skipped. It may be asked while points it asked are still being evaluated
// (asynchronous runs): those pending points enter the GP as kriging-believer fantasies too
// (Thompson batches ignore them).
#pragma once

#include "candidate_pool.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/global_bo_settings.hpp>
#include <bopp/bo/initial_design.hpp>
#include <bopp/bo/ucb_beta.hpp>
#include <bopp/bo/warm_started_fit.hpp>
#include <bopp/kit/pending_points.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace bopp::gpbo {

// How the q points of one ask are chosen from the model.
enum class BatchRule {
  kriging_believer,  // one GP; each point joins it as a fantasy before the next is chosen
  thompson,          // q independent posterior samples, each maximized on its own
};

class Gpbo {
 public:
  static constexpr const char* name = "gpbo";
  // 1.1.0: optimizer_lockstep (the acquisition's starts in lockstep; off by default, so runs are
  // unchanged). 1.2.0: thompson_sampler (pathwise by default, so runs are unchanged). 1.3.0:
  // refit_every and outputs (every fit and standardized outputs by default: runs unchanged).
  static constexpr const char* version = "1.3.0";
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

  // Checkpoints: the generator, the design's and the candidates' progress, the data, the
  // points pending and where the next fit starts. The GP itself is refitted at every ask, so
  // it is not saved (model() is empty again until the next model-based ask).
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Points ask_design(Eigen::Index q);
  Eigen::VectorXd next_design_point();
  void fit_model();
  Eigen::VectorXd choose(bo::GaussianProcess& gp, std::uint64_t seed);

  Problem problem_;
  std::mt19937_64 rng_;
  Eigen::Index initial_points_;
  bool design_from_host_;  // the first tell is the host's design; no design of its own
  std::string acquisition_;
  bo::UcbBeta beta_;
  BatchRule batch_rule_;
  bo::GlobalBoSettings settings_;
  int thompson_features_;
  std::string thompson_sampler_;  // pathwise | weight_space | weight_space_first_lengthscale
  bo::WarmStartedFit fit_;

  bo::InitialDesign design_;  // the Sobol design, in the box (empty with candidates)
  std::optional<CandidatePool> candidates_;
  Eigen::Index design_asked_ = 0;  // design points asked (Sobol points or candidate rows)
  Eigen::MatrixXd X_;              // successful observations
  Eigen::VectorXd y_;
  PendingPoints pending_;  // asked, not told yet
  std::optional<bo::GaussianProcess> gp_;
};

}  // namespace bopp::gpbo
