#include <bopp/bo/ucb_beta.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bopp::bo {

double UcbBeta::at(std::int64_t t, Eigen::Index dim) const {
  const double tt = static_cast<double>(std::max<std::int64_t>(t, 1));
  switch (schedule) {
    case BetaSchedule::kandasamy:
      return 0.2 * static_cast<double>(dim) * std::log(2.0 * tt);
    case BetaSchedule::srinivas:
      return 2.0 * std::log(tt * tt * std::numbers::pi * std::numbers::pi / (6.0 * delta));
    case BetaSchedule::constant:
      break;
  }
  return beta;
}

std::vector<Param> ucb_beta_params(double default_beta) {
  return {
      Param::choice("beta_schedule", "constant", "constant|kandasamy|srinivas",
                    "UCB's weight beta_t: constant (beta), kandasamy (0.2 d log 2t) or srinivas "
                    "(2 log(t^2 pi^2 / 6 beta_delta)); t counts evaluations"),
      Param::real("beta", default_beta,
                  "UCB's exploration weight of the constant schedule: mean + sqrt(beta) sd")
          .at_least(0),
      Param::real("beta_delta", 0.1, "failure probability of the srinivas schedule")
          .range(1e-12, 1.0),
  };
}

UcbBeta read_ucb_beta(const Config& config) {
  UcbBeta b;
  const std::string name = config.string("beta_schedule");
  if (name == "kandasamy") b.schedule = BetaSchedule::kandasamy;
  if (name == "srinivas") b.schedule = BetaSchedule::srinivas;
  b.beta = config.real("beta");
  b.delta = config.real("beta_delta");
  return b;
}

}  // namespace bopp::bo
