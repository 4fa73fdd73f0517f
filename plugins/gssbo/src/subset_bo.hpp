// GP-UCB on a subset of the observations (Wei et al. 2025, Algorithm 1), the loop gssbo and
// rssbo share; they differ only in how the free places of the subset are filled.
//
// Asks a scrambled Sobol design of n_init points first (in batches up to max_points), then
// one point per ask: argmax μ + √β_t σ over the box, for the GP (ARD Matérn-5/2, fitted by
// maximum likelihood on U, warm-started from the last fit) on the subset U of the successful
// observations D. While |D| ≤ M, U = D; past it, U holds the first n_init observations, the
// newest, and M − n_init − 1 chosen ones, re-chosen from all of D at every tell. With
// model = "subset" μ and σ are the exact GP's on U; with "inducing", once U ≠ D, those of the
// Nyström GP on all of D with U as inducing points and the θ fitted on U. Failed evaluations
// are skipped. recommend() is the best observed point.
//
// Two random streams come from the seed: one for the design, the fits and the acquisition,
// one for the selection (perturbations, random draws), so gssbo, rssbo and buffer_mode = none
// ask the same points until the first selection.
#pragma once

#include "buffer_schedule.hpp"
#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/initial_design.hpp>
#include <bopp/bo/nystrom_gp.hpp>
#include <bopp/bo/warm_started_fit.hpp>
#include <bopp/plugin.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace bopp::gssbo {

class SubsetBo {
 public:
  // The clock timed mode reads, in seconds from an arbitrary origin; injectable so a test can
  // give it known iteration times. Empty: the one `timed_clock` names.
  using Clock = std::function<double()>;

  SubsetBo(SubsetRule rule, const std::string& name, const Problem& problem, const Config& config,
           std::uint64_t seed, const Host& host, Clock clock);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  // Read-only state, for tests and diagnostics.
  const Settings& settings() const { return settings_; }
  const Eigen::MatrixXd& observations() const { return X_; }  // D, successful rows in order
  const Eigen::VectorXd& values() const { return y_; }
  const std::vector<Eigen::Index>& subset() const { return subset_; }  // U, ascending rows of D
  bool switched() const { return schedule_.switched(); }
  const BufferSchedule& schedule() const { return schedule_; }
  // The gradients of the last selection, before and after the perturbation (gssbo; empty
  // before the first selection).
  const Eigen::VectorXd& gradients() const { return gradients_; }
  const Eigen::VectorXd& perturbed_gradients() const { return perturbed_; }
  // The GP on U (empty before the first model update).
  const std::optional<bo::GaussianProcess>& model() const { return gp_; }
  // model = "inducing": the Nyström GP UCB reads while U ≠ D (empty otherwise).
  const std::optional<bo::NystromGp>& inducing_model() const { return inducing_; }

  // Checkpoints: both streams, the schedule, the data, the subset and its GP as fitted (not
  // refitted on restore: a fit draws from the stream and costs what the original paid); the
  // Nyström GP, which draws nothing, is rebuilt from them.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Points ask_design(Eigen::Index q);
  void update_model();
  std::vector<Eigen::Index> forced_rows() const;
  std::vector<Eigen::Index> select_by_gradient(const std::vector<Eigen::Index>& forced);
  std::vector<Eigen::Index> select_at_random(const std::vector<Eigen::Index>& forced);
  void fit(const std::vector<Eigen::Index>& rows);
  void build_inducing();
  double seconds_since(double start) const;
  bo::LogCallback model_log() const;

  SubsetRule rule_;
  std::string name_;
  Problem problem_;
  Host host_;
  Settings settings_;
  Clock clock_;
  std::mt19937_64 rng_;            // design, fits, acquisition
  std::mt19937_64 selection_rng_;  // perturbations, random subsets
  BufferSchedule schedule_;
  bo::WarmStartedFit fit_;

  bo::InitialDesign design_;
  Eigen::MatrixXd X_;
  Eigen::VectorXd y_;
  std::vector<Eigen::Index> subset_;
  Eigen::Index model_size_ = 0;  // |D| the GP was last updated for
  std::optional<bo::GaussianProcess> gp_;
  std::optional<bo::NystromGp> inducing_;
  Eigen::VectorXd gradients_;
  Eigen::VectorXd perturbed_;
  double tell_seconds_ = 0.0;  // the model update's share of the current iteration
};

}  // namespace bopp::gssbo
