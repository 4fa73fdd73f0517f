// bopp/host/report/regret.hpp: the one regret convention of `bopp run` and `bopp report`
// (docs/comparing-methods.md).
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

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

// The regret of one evaluation and of the run up to and including it.
struct RegretSoFar {
  double instant = std::nan("");  // this evaluation's regret; NaN when it failed
  std::optional<double> simple;   // the least regret so far (that of the best value so far);
                                  // empty until an evaluation succeeds
  double cumulative = 0.0;        // the sum of the successful evaluations' regrets so far
};

// Simple and cumulative regret over a run's evaluations, added in the order they are
// recorded. A failed evaluation has no regret: it leaves both sums as they were.
class RunningRegret {
 public:
  RunningRegret(double optimum, bool minimize) : optimum_(optimum), minimize_(minimize) {}

  RegretSoFar add(bool ok, double value) {
    RegretSoFar r = last_;
    r.instant = std::nan("");
    if (ok) {
      r.instant = regret(value, optimum_, minimize_);
      r.simple = r.simple ? std::min(*r.simple, r.instant) : r.instant;
      r.cumulative += r.instant;
    }
    last_ = r;
    return r;
  }
  const RegretSoFar& last() const { return last_; }

 private:
  double optimum_;
  bool minimize_;
  RegretSoFar last_;
};

}  // namespace bopp::host
