// Where a Thompson draw is largest: the best row of the candidate set when the problem has
// one; otherwise the best of uniform random points, refined by box-constrained L-BFGS from the
// best few (Dai et al. 2022, App. F: 10⁴ random points, then L-BFGS-B).
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/plugin.hpp>

#include <random>

namespace bopp::stobnts {

struct SampleSearchOptions {
  int random_points = 10000;
  int restarts = 10;
};

Eigen::VectorXd maximize_sample(const bo::Acquisition& sample, const Problem& problem,
                                const SampleSearchOptions& options, std::mt19937_64& rng);

}  // namespace bopp::stobnts
