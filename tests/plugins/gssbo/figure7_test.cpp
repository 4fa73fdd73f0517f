// Wei et al. 2025, Figure 7 ("the selected subset keeps the points near the optimum"), on its
// setup: Hartmann-6, the first 200 points of a full GP-UCB run (gssbo, buffer_mode = "none"),
// 100 of them selected by gssbo's rule (eq. 3 gradients of the GP on all 200, perturbed, the
// sign-balancing greedy, the 20 design points and the newest forced) with either tie rule, and
// at random as RSSBO does, seeds 0-5. Of the free rows (not forced), the test counts how many
// of the 40 nearest the best point, of the 40 best values (the figure's dark points) and of
// the 40 farthest from the best point each subset keeps. The paper's figure reads as
// `largest`: it keeps more of the cluster than `smallest` does.
#include "hartmann6_runs.hpp"
#include "sample_gradients.hpp"
#include "sign_balance.hpp"

#include <bopp/bo/portable_random.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace {

using bopp::gssbo::Gssbo;
using bopp::gssbo::TieBreak;

constexpr Eigen::Index points = 200, kept = 100, design = 20, cluster = 40;

struct Kept {
  double near = 0, good = 0, far = 0;  // fractions kept of the free rows nearest, best, farthest
};

struct Rows {
  std::vector<Eigen::Index> near, good, far;
};

Kept count(const std::vector<Eigen::Index>& subset, const Rows& rows) {
  const auto share = [&subset](const std::vector<Eigen::Index>& r) {
    double in = 0;
    for (const Eigen::Index i : r) in += std::binary_search(subset.begin(), subset.end(), i);
    return in / static_cast<double>(r.size());
  };
  return {share(rows.near), share(rows.good), share(rows.far)};
}

void add(Kept& total, const Kept& k) {
  total.near += k.near / 6;
  total.good += k.good / 6;
  total.far += k.far / 6;
}

TEST(GssboFigure7, LargestKeepsTheClusterNearTheBestPoint) {
  Kept largest, smallest, random;
  for (std::uint64_t seed = 0; seed <= 5; ++seed) {
    Gssbo full(gssbo_test::hartmann6_problem(), gssbo_test::config<Gssbo>("buffer_mode = 'none'\n"),
               seed, bopp::Host());
    gssbo_test::run<Gssbo>(full, gssbo_test::negative_hartmann6, 6, points);
    const Eigen::MatrixXd& X = full.observations();
    const Eigen::VectorXd& y = full.values();
    Eigen::Index best = 0;
    y.maxCoeff(&best);
    // The free rows by distance to the best point.
    std::vector<Eigen::Index> free(points - design - 1);
    std::iota(free.begin(), free.end(), design);
    std::stable_sort(free.begin(), free.end(), [&](Eigen::Index a, Eigen::Index b) {
      return (X.row(a) - X.row(best)).squaredNorm() < (X.row(b) - X.row(best)).squaredNorm();
    });
    Rows rows{{free.begin(), free.begin() + cluster}, {}, {free.end() - cluster, free.end()}};
    std::vector<Eigen::Index> by_value = free;
    std::stable_sort(by_value.begin(), by_value.end(),
                     [&y](Eigen::Index a, Eigen::Index b) { return y[a] > y[b]; });
    rows.good.assign(by_value.begin(), by_value.begin() + cluster);

    std::vector<Eigen::Index> forced(design);
    std::iota(forced.begin(), forced.end(), 0);
    forced.push_back(points - 1);
    Eigen::VectorXd g = bopp::gssbo::exact_gradients(*full.model(), X, y);
    std::mt19937_64 rng(seed + 100);
    for (Eigen::Index i = 0; i < g.size(); ++i) g[i] += 0.1 * bopp::bo::standard_normal(rng);
    std::vector<Eigen::Index> drawn = free;
    std::shuffle(drawn.begin(), drawn.end(), rng);
    drawn.resize(kept - forced.size());
    drawn.insert(drawn.end(), forced.begin(), forced.end());
    std::sort(drawn.begin(), drawn.end());

    const Kept l = count(select_sign_balanced(g, forced, kept, TieBreak::largest), rows);
    const Kept s = count(select_sign_balanced(g, forced, kept, TieBreak::smallest), rows);
    const Kept r = count(drawn, rows);
    std::printf(
        "seed %lu: best %.4f; near/good/far kept: largest %.2f %.2f %.2f, smallest "
        "%.2f %.2f %.2f, random %.2f %.2f %.2f\n",
        static_cast<unsigned long>(seed), -y[best], l.near, l.good, l.far, s.near, s.good, s.far,
        r.near, r.good, r.far);
    add(largest, l);
    add(smallest, s);
    add(random, r);
  }
  RecordProperty("near_largest", std::to_string(largest.near));
  RecordProperty("near_smallest", std::to_string(smallest.near));
  RecordProperty("near_random", std::to_string(random.near));
  std::printf(
      "mean near/good/far kept: largest %.3f %.3f %.3f, smallest %.3f %.3f %.3f, "
      "random %.3f %.3f %.3f\n",
      largest.near, largest.good, largest.far, smallest.near, smallest.good, smallest.far,
      random.near, random.good, random.far);
  EXPECT_GT(largest.near, smallest.near);
}

}  // namespace
