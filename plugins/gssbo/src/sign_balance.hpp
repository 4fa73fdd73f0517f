// The subset selection of Wei et al. 2025 (§4.3): maximize the variance of the normalized
// gradients, eq. (1), Var_U = 1 − ‖Σ_{i∈U} g_i/‖g_i‖‖² / M², over subsets U of size M that
// hold a forced set F. With scalar gradients every g_i/‖g_i‖ is a sign u_i ∈ {−1, +1} (0 for
// g_i = 0), so eq. (1) is 1 − ((P − Q)/M)² and asks only for as many positive as negative
// signs: many subsets tie, and the tie-break decides.
#pragma once

#include <Eigen/Core>

#include <vector>

namespace bopp::gssbo {

// u_i of a scalar gradient: −1, 0 or +1.
inline int gradient_sign(double v) { return (v > 0) - (v < 0); }

// Eq. (1) for the scalar gradients `g` on the indices `subset`: 1 − (Σ u_i)² / |U|².
double direction_variance(const Eigen::VectorXd& g, const std::vector<Eigen::Index>& subset);

// Which of the rows that tie in eq. (1) the greedy takes first.
enum class TieBreak {
  largest,   // the largest |g_i|: the labels that move the likelihood most (the default)
  smallest,  // the smallest |g_i| (on the Figure 7 setup, not the cluster near the best point)
};

// The greedy for eq. (1): start from S = F, s = Σ_F u; add, `size` − |F| times, the i ∉ S
// with the smallest key (u_i s, ±|g_i|, i), i.e. the sign that moves s towards 0, ties to the
// smallest (or largest) |g_i|, then to the lower index. Exact for nonzero scalar gradients
// (with zeros, taking a zero before a sign can do better). `forced` must be distinct indices of
// g; returns the subset, ascending (all of F, and every index when size ≥ g.size()).
std::vector<Eigen::Index> select_sign_balanced(const Eigen::VectorXd& g,
                                               const std::vector<Eigen::Index>& forced,
                                               Eigen::Index size, TieBreak tie_break);

}  // namespace bopp::gssbo
