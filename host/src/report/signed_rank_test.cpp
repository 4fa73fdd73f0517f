#include <bopp/host/report/signed_rank_test.hpp>

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace bopp::host {
namespace {

constexpr std::size_t kMostForExact = 50;

// P(W+ <= w) and P(W+ >= w) under the null, from the number of sign patterns giving each
// rank sum: the subsets of {1, ..., n} by their sum, counted by one pass per rank. The counts
// stay below 2^50 and so are exact in a double.
std::pair<double, double> exact_tails(std::size_t n, double w) {
  const std::size_t most = n * (n + 1) / 2;
  std::vector<double> count(most + 1, 0.0);
  count[0] = 1.0;
  for (std::size_t rank = 1; rank <= n; ++rank)
    for (std::size_t s = most; s >= rank; --s) count[s] += count[s - rank];
  const double patterns = std::ldexp(1.0, static_cast<int>(n));
  const auto at = static_cast<std::size_t>(std::llround(w));
  double below = 0.0, above = 0.0;
  for (std::size_t s = 0; s <= most; ++s) {
    if (s <= at) below += count[s];
    if (s >= at) above += count[s];
  }
  return {below / patterns, above / patterns};
}

}  // namespace

SignedRankTest signed_rank_test(std::span<const double> differences) {
  std::vector<double> d;
  for (const double v : differences)
    if (v != 0.0 && !std::isnan(v)) d.push_back(v);
  SignedRankTest test;
  test.n = d.size();
  if (d.empty()) return test;

  std::vector<std::size_t> order(d.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return std::abs(d[a]) < std::abs(d[b]); });
  bool tied = false;
  double tie_term = 0.0;  // sum of t^3 - t over groups of t tied magnitudes
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j < order.size() && std::abs(d[order[j]]) == std::abs(d[order[i]])) ++j;
    const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    const auto t = static_cast<double>(j - i);
    if (j - i > 1) {
      tied = true;
      tie_term += t * t * t - t;
    }
    for (std::size_t k = i; k < j; ++k)
      if (d[order[k]] > 0.0) test.w_plus += rank;
    i = j;
  }

  const auto n = static_cast<double>(d.size());
  test.exact = !tied && d.size() <= kMostForExact;
  if (test.exact) {
    const auto [below, above] = exact_tails(d.size(), test.w_plus);
    test.p_value = std::min(1.0, 2.0 * std::min(below, above));
    return test;
  }
  const double mean = n * (n + 1.0) / 4.0;
  const double variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie_term / 48.0;
  if (variance <= 0.0) return test;  // every magnitude tied at n == 1: no evidence either way
  const double z = (test.w_plus - mean) / std::sqrt(variance);
  const boost::math::normal_distribution<> normal;
  test.p_value =
      std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(normal, std::abs(z))));
  return test;
}

}  // namespace bopp::host
