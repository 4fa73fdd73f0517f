// Where a Thompson draw is largest: the best row of the candidate set when the problem has
// one; otherwise the best of uniform random points, refined by box-constrained L-BFGS from the
// best few (Dai et al. 2022, App. F: 10⁴ random points, then L-BFGS-B). The rows and points are
// ranked by the draw's search values (in its training precision); the L-BFGS runs (in lockstep,
// one batch of points a round) and the value of the point they return are in double.
#pragma once

#include "network_sample.hpp"

#include <bopp/plugin.hpp>

#include <cstddef>
#include <random>

namespace bopp::stobnts {

struct SampleSearchOptions {
  int random_points = 10000;
  int restarts = 100;
};

struct SampleMaximum {
  Eigen::VectorXd x;
  std::size_t refined_points = 0;  // points the L-BFGS runs evaluated (value and x-gradient)
};

SampleMaximum maximize_sample(const NetworkSample& sample, const Problem& problem,
                              const SampleSearchOptions& options, std::mt19937_64& rng);

}  // namespace bopp::stobnts
