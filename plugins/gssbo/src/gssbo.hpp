// GSSBO (Wei et al. 2025): GP-UCB on a subset chosen by gradient-based sample selection. The
// free places of the subset go to the observations whose perturbed per-sample gradients
// g_i = −(K_y⁻¹(y − m))_i keep the subset sign-balanced (subset_bo.hpp, sign_balance.hpp).
#pragma once

#include "settings.hpp"
#include "subset_bo.hpp"

namespace bopp::gssbo {

class Gssbo : public SubsetBo {
 public:
  static constexpr const char* name = "gssbo";
  // 0.3.0: optimizer_lockstep, as gpbo 1.1.0 (off by default: runs unchanged).
  // 0.4.0: timed_clock (wall by default: runs unchanged).
  static constexpr const char* version = "0.4.0";
  static constexpr const char* summary =
      "GSSBO (Wei et al. 2025): GP-UCB on a subset of M observations chosen by per-sample "
      "likelihood gradients (scalar gradients: the subset is sign-balanced)";
  static std::vector<Param> params() { return settings_params(SubsetRule::gradient); }

  Gssbo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host,
        Clock clock = {})
      : SubsetBo(SubsetRule::gradient, name, problem, config, seed, host, std::move(clock)) {}
};

}  // namespace bopp::gssbo
