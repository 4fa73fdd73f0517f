// bopp/host/run/loop/discrete_rounding.hpp: integer and categorical coordinates, made exact.
#pragma once

#include <bopp/kit/problem.hpp>

namespace bopp::host {

// Rounds every integer and categorical coordinate of X to the nearest allowed value inside
// the bounds: the host rounds, and tells the algorithm the rounded point (sdk/include/bopp/abi.h,
// the problem description).
void round_discrete(const bopp::Problem& problem, bopp::Points& X);

}  // namespace bopp::host
