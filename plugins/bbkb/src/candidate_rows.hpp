// Which candidate a told point is: the host tells the points it was asked (rounded in integer
// coordinates), so the nearest candidate row names it.
#pragma once

#include <bopp/plugin.hpp>

#include <Eigen/Core>

namespace bopp::bbkb {

// The row of `candidates` nearest to x in Euclidean distance (lowest index on ties). O(A d).
Eigen::Index nearest_candidate(const Points& candidates, const Eigen::VectorXd& x);

// The lowest index of the largest entry: argmax with the index tie-break that keeps replays
// reproducible when values tie.
Eigen::Index first_argmax(const Eigen::VectorXd& values);

}  // namespace bopp::bbkb
