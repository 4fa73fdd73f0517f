// bopp/bo/start_point.hpp: where a local method starts (its `x0` / `x0_sobol_index` keys).
#pragma once

#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>
#include <bopp/kit/problem.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bopp::bo {

// x0 when given (it must have one value per dimension and lie in [lower, upper]); else point
// `sobol_index` (from 0) of the Sobol sequence over the box, shifted with seed 0, so that every
// run and every method given the same index starts at the same point (Fan et al.'s shared
// starts); else the box centre. Giving both is an error. Errors throw bopp::SchemaError naming
// the key, with `owner` (e.g. "algorithm 'gibo'") in the message.
Eigen::VectorXd start_point(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                            const std::optional<Eigen::VectorXd>& x0,
                            std::optional<std::int64_t> sobol_index, const std::string& owner);

// The same, read from the optional keys x0 and x0_sobol_index (start_point_params()).
Eigen::VectorXd start_point(const Problem& problem, const Config& config, const std::string& owner);

// The optional keys x0 and x0_sobol_index. The index is capped: the Sobol design up to it is
// built to reach it.
std::vector<Param> start_point_params();

}  // namespace bopp::bo
