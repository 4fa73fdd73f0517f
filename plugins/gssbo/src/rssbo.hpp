// RSSBO, the ablation of Wei et al. 2025: GSSBO's loop with the free places of the subset
// drawn uniformly without replacement from the observations not forced in.
#pragma once

#include "settings.hpp"
#include "subset_bo.hpp"

namespace bopp::gssbo {

class Rssbo : public SubsetBo {
 public:
  static constexpr const char* name = "rssbo";
  // 0.3.0: optimizer_lockstep, as gpbo 1.1.0 (off by default: runs unchanged).
  // 0.4.0: timed_clock (wall by default: runs unchanged).
  static constexpr const char* version = "0.4.0";
  static constexpr const char* summary =
      "RSSBO (Wei et al. 2025's ablation): GP-UCB on the first n_init, the newest and random "
      "other observations, M in all";
  static std::vector<Param> params() { return settings_params(SubsetRule::random); }

  Rssbo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host,
        Clock clock = {})
      : SubsetBo(SubsetRule::random, name, problem, config, seed, host, std::move(clock)) {}
};

}  // namespace bopp::gssbo
