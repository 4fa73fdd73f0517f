// BBKB: Batch-BKB of Calandriello et al. 2020 (Algorithm 1), its GlobalLocal variant
// (Lemma 3), BBKB at C̃ = 1, and BKB (Calandriello et al. 2019: C̃ = 1 with its own width), on
// the objective's finite candidate set.
//
// A Nyström posterior on a dictionary S of observed arms; each batch is grown by taking the
// UCB maximizer with S, the mean and the width frozen and the chosen points' variance
// reductions applied by rank-one updates, and ends by the stopping rule. Once the whole
// batch is told, the observations enter the mean and S is resampled by posterior variance.
#pragma once

#include "arm_totals.hpp"
#include "batch_stopping_rule.hpp"
#include "lazy_ucb.hpp"
#include "settings.hpp"

#include <bopp/bo/sparse_posterior.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace bopp::bbkb {

enum class BatchRule { global, global_local };

// How the width grows: BBKB's Λ, summed over the closed batches (Theorem 2), or BKB's
// log t · Σ_i n_i σ̃²_t(x_i), from the current variances after every refit.
enum class WidthRule { bbkb, bkb };

class BatchedKernelBandit {
 public:
  // Batching::fixed: C̃ = 1, one point per batch and a new dictionary every step.
  // Throws std::invalid_argument when the problem has no candidate set.
  BatchedKernelBandit(BatchRule rule, Batching batching, WidthRule width_rule,
                      const char* algorithm, const Problem& problem, const Config& config,
                      std::uint64_t seed, const Host& host);

  // The next points of the current batch, at most max_points; a batch longer than
  // max_points continues at the next ask, one shorter returns fewer points.
  Points ask(std::size_t max_points);
  // Stores the observations; the batch's are used once it is closed and fully told.
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  // The observed candidate of largest posterior mean; the first candidate before any.
  Eigen::VectorXd recommend() const;

  // For tests and the benchmark.
  const Settings& settings() const { return settings_; }
  std::size_t dictionary_size() const { return dictionary_.size(); }
  std::size_t batches_closed() const { return batches_closed_; }
  const std::vector<std::size_t>& batch_sizes() const { return batch_sizes_; }
  double width() const { return width_; }
  // μ̃ + α̃ σ̃ of every candidate, with the open batch's points applied.
  Eigen::VectorXd ucb_values() const;

  // Checkpoints: the totals, the dictionary and the open batch. The Nyström posterior is
  // rebuilt from the dictionary and the totals it was made of, then the batch's pending arms
  // are added again in order, which gives it back bit for bit.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Eigen::Index choose();
  bool batch_ends_with(Eigen::Index arm);
  bool local_rule_exceeded(Eigen::Index arm);
  void end_batch();
  void refit();
  void start_batch();
  void warn_if_degenerate();
  double ucb(Eigen::Index arm) const;

  BatchRule rule_;
  WidthRule width_rule_;
  const char* algorithm_;
  Problem problem_;
  Settings settings_;
  Host host_;
  std::mt19937_64 rng_;
  bo::Kernel kernel_;

  ArmTotals totals_;
  ArmTotals fitted_totals_;  // the totals the posterior was made of (the open batch's absent)
  std::vector<Eigen::Index> dictionary_;
  std::optional<bo::SparsePosterior> posterior_;
  double log_sum_ = 0.0;  // Λ, over the closed batches
  double width_ = 0.0;    // α̃ of the current batch

  // The open batch.
  std::vector<Eigen::Index> batch_;
  std::size_t handed_ = 0;  // returned by ask
  std::size_t told_ = 0;
  bool closed_ = false;
  BatchStoppingRule global_rule_{1.0};
  bool local_phase_ = false;
  Eigen::VectorXd local_embedded_;  // Σ_s g_s(x)² over the batch (Lemma 3)
  Eigen::VectorXd local_full_;      // Σ_s k̃_fb(x, x_s)²
  LazyUcb lazy_;

  std::size_t batches_closed_ = 0;
  std::vector<std::size_t> batch_sizes_;
  std::size_t single_point_run_ = 0;  // batches of one point in a row, up to the last
  bool warned_batches_ = false;
  bool warned_dictionary_ = false;
};

}  // namespace bopp::bbkb
