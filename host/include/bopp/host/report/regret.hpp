// bopp/host/report/regret.hpp: the one regret convention of `bopp run` and `bopp report`
// (docs/comparing-methods.md).
#pragma once

namespace bopp::host {

// How far `value` is from the known optimum in the direction that is worse: value − optimum
// when minimizing, optimum − value when maximizing. Negative when a (noisy) observation beats
// the declared optimum; shown beside the regret so nothing is hidden.
inline double regret_gap(double value, double optimum, bool minimize) {
  return minimize ? value - optimum : optimum - value;
}

// Regret is never negative: an observation at or beyond the optimum has regret 0, so a noisy
// lucky draw does not pay back earlier regret in a cumulative sum. NaN stays NaN.
inline double regret(double value, double optimum, bool minimize) {
  const double gap = regret_gap(value, optimum, minimize);
  return gap < 0.0 ? 0.0 : gap;
}

}  // namespace bopp::host
