// bopp/host/report/signed_rank_test.hpp: Wilcoxon's signed-rank test on paired differences.
#pragma once

#include <cstddef>
#include <span>

namespace bopp::host {

// The two-sided Wilcoxon signed-rank test of "the paired differences are symmetric about 0"
// (Wilcoxon 1945). Zero differences are dropped (Wilcoxon's own rule, scipy's default); tied
// magnitudes share the mean of their ranks. With at most 50 non-zero differences and no tied
// magnitudes the p-value is exact (the statistic's distribution counted over all 2^n sign
// patterns); otherwise it comes from the normal approximation with the tie correction of the
// variance and no continuity correction (as scipy.stats.wilcoxon by default).
struct SignedRankTest {
  std::size_t n = 0;     // non-zero differences
  double w_plus = 0.0;   // sum of the ranks of the positive differences
  double p_value = 1.0;  // two-sided; 1 when n == 0
  bool exact = true;
};

SignedRankTest signed_rank_test(std::span<const double> differences);

}  // namespace bopp::host
