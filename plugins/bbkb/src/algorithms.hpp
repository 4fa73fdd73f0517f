// The algorithms of the bbkb library (Calandriello et al. 2020): BBKB with its global and
// GlobalLocal batch rules, and the baselines of its Section 5. All run on the objective's
// finite candidate set and refuse a problem without one.
#pragma once

#include "batch_thompson.hpp"
#include "batched_kernel_bandit.hpp"
#include "epsilon_greedy.hpp"
#include "exact_ucb.hpp"
#include "settings.hpp"

namespace bopp::bbkb {

// Algorithm 1 (Global-BBKB): batches end by Lemma 1's rule.
class Bbkb : public BatchedKernelBandit {
 public:
  static constexpr const char* name = "bbkb";
  static constexpr const char* version = "0.2.0";
  static constexpr const char* summary =
      "BBKB (Calandriello et al. 2020): batched sparse GP-UCB on a candidate set, adaptive "
      "batches, ridge-leverage resparsification";
  static std::vector<Param> params() {
    return settings_params(Batching::adaptive, Dictionary::resparsified);
  }
  Bbkb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : BatchedKernelBandit(BatchRule::global, Batching::adaptive, WidthRule::bbkb, name, problem,
                            config, seed, host) {}
};

// GlobalLocal-BBKB: the global rule, then the per-candidate bound of Lemma 3.
class BbkbLocal : public BatchedKernelBandit {
 public:
  static constexpr const char* name = "bbkb-local";
  static constexpr const char* version = "0.2.0";
  static constexpr const char* summary =
      "GlobalLocal-BBKB (Calandriello et al. 2020, Lemma 3): BBKB with larger batches by a "
      "per-candidate stopping bound";
  static std::vector<Param> params() {
    return settings_params(Batching::adaptive, Dictionary::resparsified);
  }
  BbkbLocal(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : BatchedKernelBandit(BatchRule::global_local, Batching::adaptive, WidthRule::bbkb, name,
                            problem, config, seed, host) {}
};

// BBKB with C̃ = 1: one point per batch, a new dictionary after every observation, and
// Theorem 2's width at C̃ = 1 (half of bbkb's under the theorem family).
class BbkbUnitBatch : public BatchedKernelBandit {
 public:
  static constexpr const char* name = "bbkb-unit-batch";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "BBKB with C~ = 1: one point per batch, resparsified every step, with BBKB's width";
  static std::vector<Param> params() {
    return settings_params(Batching::fixed, Dictionary::resparsified);
  }
  BbkbUnitBatch(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : BatchedKernelBandit(BatchRule::global, Batching::fixed, WidthRule::bbkb, name, problem,
                            config, seed, host) {}
};

// BKB (Calandriello et al. 2019): one point at a time, the dictionary resampled after every
// observation, and its own width from the current variances of the points observed.
class Bkb : public BatchedKernelBandit {
 public:
  static constexpr const char* name = "bkb";
  static constexpr const char* version = "0.2.0";
  static constexpr const char* summary =
      "BKB (Calandriello et al. 2019): sequential sparse GP-UCB on a candidate set, "
      "resparsified every step, with its own width";
  static std::vector<Param> params() {
    return settings_params(Batching::fixed, Dictionary::resparsified);
  }
  Bkb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : BatchedKernelBandit(BatchRule::global, Batching::fixed, WidthRule::bkb, name, problem,
                            config, seed, host) {}
};

// GP-UCB (Srinivas et al. 2010) with the exact GP, one point at a time.
class GpUcb : public ExactUcb {
 public:
  static constexpr const char* name = "gp-ucb";
  static constexpr const char* version = "0.2.0";
  static constexpr const char* summary = "exact GP-UCB on a candidate set, one point at a time";
  static std::vector<Param> params() { return settings_params(Batching::fixed, Dictionary::none); }
  GpUcb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : ExactUcb(Batching::fixed, name, problem, config, seed, host) {}
};

// GP-AUCB (Algorithm 2): hallucinated variances, batches ended by the product rule.
class GpBucb : public ExactUcb {
 public:
  static constexpr const char* name = "gp-bucb";
  static constexpr const char* version = "0.2.0";
  static constexpr const char* summary =
      "GP-AUCB (Desautels et al. 2014): exact batch GP-UCB with hallucinated variances and "
      "adaptive batches, on a candidate set";
  static std::vector<Param> params() {
    return settings_params(Batching::adaptive, Dictionary::none);
  }
  GpBucb(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : ExactUcb(Batching::adaptive, name, problem, config, seed, host) {}
};

}  // namespace bopp::bbkb
