// bopp/host/check/check_problems.hpp: the small problems `bopp check` poses to algorithms,
// and the test function that answers their asks.
#pragma once

#include <bopp/kit/problem.hpp>

#include <string>
#include <vector>

namespace bopp::host {

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
