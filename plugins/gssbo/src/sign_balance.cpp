#include "sign_balance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

namespace bopp::gssbo {

double direction_variance(const Eigen::VectorXd& g, const std::vector<Eigen::Index>& subset) {
  if (subset.empty()) return 0.0;
  double s = 0;
  for (const Eigen::Index i : subset) s += gradient_sign(g[i]);
  const auto m = static_cast<double>(subset.size());
  return 1.0 - (s * s) / (m * m);
}

std::vector<Eigen::Index> select_sign_balanced(const Eigen::VectorXd& g,
                                               const std::vector<Eigen::Index>& forced,
                                               Eigen::Index size, TieBreak tie_break) {
  const Eigen::Index n = g.size();
  std::vector<bool> taken(static_cast<std::size_t>(n), false);
  std::vector<Eigen::Index> subset = forced;
  long s = 0;
  for (const Eigen::Index i : forced) {
    taken[static_cast<std::size_t>(i)] = true;
    s += gradient_sign(g[i]);
  }
  // Candidates by sign (−1, 0, +1), each in tie-break order: by |g| (the chosen end first),
  // then index. Within a group u_i s is the same, so the greedy only compares the groups' heads.
  const double order = tie_break == TieBreak::smallest ? 1.0 : -1.0;
  std::array<std::vector<Eigen::Index>, 3> groups;
  for (Eigen::Index i = 0; i < n; ++i)
    if (!taken[static_cast<std::size_t>(i)])
      groups[static_cast<std::size_t>(gradient_sign(g[i]) + 1)].push_back(i);
  for (auto& group : groups)
    std::stable_sort(group.begin(), group.end(), [&g, order](Eigen::Index a, Eigen::Index b) {
      return order * std::abs(g[a]) < order * std::abs(g[b]);
    });
  std::array<std::size_t, 3> next{0, 0, 0};
  while (static_cast<Eigen::Index>(subset.size()) < size) {
    int best = -1;
    std::tuple<long, double, Eigen::Index> best_key;
    for (int k = 0; k < 3; ++k) {
      const auto& group = groups[static_cast<std::size_t>(k)];
      if (next[static_cast<std::size_t>(k)] == group.size()) continue;
      const Eigen::Index i = group[next[static_cast<std::size_t>(k)]];
      const std::tuple<long, double, Eigen::Index> key{(k - 1) * s, order * std::abs(g[i]), i};
      if (best < 0 || key < best_key) {
        best = k;
        best_key = key;
      }
    }
    if (best < 0) break;  // every index taken
    subset.push_back(std::get<2>(best_key));
    s += best - 1;
    ++next[static_cast<std::size_t>(best)];
  }
  std::sort(subset.begin(), subset.end());
  return subset;
}

}  // namespace bopp::gssbo
