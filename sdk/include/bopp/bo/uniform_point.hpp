// bopp/bo/uniform_point.hpp: a point of the search space drawn uniformly, where a method has
// no model yet (or wants none): anywhere in the box, or one of the candidate rows.
#pragma once

#include <bopp/kit/problem.hpp>

#include <Eigen/Core>

#include <random>

namespace bopp::bo {

// A point uniform in the box [lower, upper): one draw of `uniform` per coordinate, in order.
Eigen::VectorXd uniform_in_box(std::mt19937_64& rng, const Eigen::VectorXd& lower,
                               const Eigen::VectorXd& upper);

// The index of a row of `candidates` drawn uniformly (one `uniform_index` over the rows).
Eigen::Index uniform_row(std::mt19937_64& rng, const Points& candidates);

}  // namespace bopp::bo
