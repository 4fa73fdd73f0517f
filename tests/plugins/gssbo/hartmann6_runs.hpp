// Runs of gssbo and rssbo on the synthetic library's Hartmann-6, driven as the host drives
// them: the built objective module through the C ABI, the algorithm class ask by tell.
#pragma once

#include "objective_module.hpp"
#include "support.hpp"

#include <memory>
#include <string>
#include <vector>

namespace gssbo_test {

// Hartmann-6's minimum (f* of the synthetic library's catalog).
constexpr double hartmann6_minimum = -3.32236801141551;

inline const bopp::test::ModuleObjective& hartmann6() {
  static const auto objective = std::make_unique<bopp::test::ModuleObjective>(
      bopp::test::module_objective("synthetic", "hartmann6"), "");
  return *objective;
}

// Minus Hartmann-6: the algorithms maximize.
inline double negative_hartmann6(const Eigen::VectorXd& x) {
  return -hartmann6().evaluate_one(std::vector<double>(x.data(), x.data() + x.size()));
}

inline bopp::Problem hartmann6_problem() {
  bopp::Problem p = bopp::Problem::box(6, 0, 1);
  p.sense = bopp::Sense::maximize;
  return p;
}

}  // namespace gssbo_test
