// bopp/host/check/check_problems.hpp: the small problems `bopp check` poses to algorithms,
// the test function that answers their asks, and the settings every check shares.
#pragma once

#include <bopp/kit/problem.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bopp::host {

// The seed of every plugin instance a check creates, and how many times the create/destroy
// checks make and free an instance (enough for a leak or a double free to show).
inline constexpr std::uint64_t kCheckSeed = 7;
inline constexpr int kCreateDestroyTimes = 20;

struct CheckProblem {
  std::string label;  // "2-D box", ..., named in failure messages
  bopp::Problem problem;
};

// A 2-D and a 5-D continuous box, a box with an integer dimension, and a finite candidate
// set: the shapes of problem every algorithm may be given.
std::vector<CheckProblem> check_problems();

// A concave quadratic with its maximum inside the box, for the y of an algorithm's asks.
double check_function(const bopp::Problem& problem, const Eigen::Ref<const Eigen::RowVectorXd>& x);

}  // namespace bopp::host
