// Rows of the candidate set: the first arm, the arm a told point is, and argmax with a fixed
// tie-break.
#pragma once

#include <bopp/plugin.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace bopp::bbkb {

// Algorithm 1 line 1, also the start of BKB, GP-UCB and GP-AUCB: x_1 drawn uniformly from the
// candidates, from a stream of its own (derive_seed(seed, 0)).
Eigen::Index uniform_first_arm(std::uint64_t seed, const Points& candidates);

// The row of `candidates` nearest to x in Euclidean distance (lowest index on ties). O(A d).
Eigen::Index nearest_candidate(const Points& candidates, const Eigen::VectorXd& x);

// The lowest index of the largest entry: argmax with the index tie-break that keeps replays
// reproducible when values tie.
Eigen::Index first_argmax(const Eigen::VectorXd& values);

}  // namespace bopp::bbkb
