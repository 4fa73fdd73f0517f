// bopp/bo/design.hpp: space-filling designs: scrambled Sobol and Latin hypercube.
#pragma once

#include <Eigen/Core>

#include <cstdint>

namespace bopp::bo {

// The first n points of the Sobol sequence in [0, 1)^dim (Boost.Random's sobol engine,
// Joe & Kuo direction numbers, dim ≤ 3667), randomized by a digital shift drawn from
// `seed`: each coordinate's bits are XORed with a random mask, which keeps the net
// property of the sequence and gives every seed its own design.
Eigen::MatrixXd sobol_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed);

// A Latin hypercube sample of n points in [0, 1)^dim: each coordinate takes exactly one
// value in each of the n strata [k/n, (k+1)/n), at a uniform place inside it.
Eigen::MatrixXd latin_hypercube_design(Eigen::Index n, Eigen::Index dim, std::uint64_t seed);

// Maps points of the unit cube (rows) into the box [lower, upper].
Eigen::MatrixXd scale_to_box(const Eigen::MatrixXd& unit, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper);

}  // namespace bopp::bo
