// The box objective: a problem (bounds, kinds of dimensions, sense, an optimum when known) given
// in its configuration, with no values of its own. bopp.run(experiment, objective=f) solves it
// when the experiment's objective is a bopp.Box, f giving the values; evaluated by bopp itself,
// every evaluation fails.
#pragma once

#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <vector>

namespace bopp::box {

class BoxObjective {
 public:
  static constexpr const char* name = "box";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "a problem given by its bounds, kinds and sense, without values: the problem of "
      "bopp.run(experiment, objective=f) for a bopp.Box";

  static std::vector<Param> params();

  BoxObjective(const Config& config, std::uint64_t, const Host&);

  Problem problem() const { return problem_; }
  // Always throws std::runtime_error (a failed evaluation): the box has no values.
  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const;

 private:
  Problem problem_;
};

}  // namespace bopp::box
