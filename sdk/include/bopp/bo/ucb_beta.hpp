// bopp/bo/ucb_beta.hpp: UCB's exploration weight β_t, constant or growing with t, read from
// the keys every UCB plugin shares, so methods compared in one study use one schedule.
#pragma once

#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace bopp::bo {

enum class BetaSchedule {
  constant,   // β_t = beta
  kandasamy,  // β_t = 0.2 d log(2t) (Kandasamy et al. 2015, the rule BO practice uses)
  srinivas,  // β_t = 2 log(t² π² / (6δ)) (Srinivas et al. 2010, Theorem 2, without the d term)
};

struct UcbBeta {
  BetaSchedule schedule = BetaSchedule::constant;
  double beta = 4.0;   // the constant schedule's value
  double delta = 0.1;  // the srinivas schedule's failure probability

  // β_t for choosing the t-th evaluation (t ≥ 1, the initial design counted) in dimension d.
  double at(std::int64_t t, Eigen::Index dim) const;
};

// The keys beta_schedule, beta (default `default_beta`) and beta_delta.
std::vector<Param> ucb_beta_params(double default_beta);

UcbBeta read_ucb_beta(const Config& config);

}  // namespace bopp::bo
