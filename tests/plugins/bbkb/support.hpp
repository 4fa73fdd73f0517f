// Helpers of the bbkb tests: building algorithms from TOML text and driving them like the
// host does (ask at most `batch`, evaluate, tell).
#pragma once

#include "algorithms.hpp"

#include <bopp/plugin.hpp>

#include <functional>
#include <random>
#include <string>
#include <vector>

namespace bbkb_test {

template <class Algorithm>
Algorithm make(const bopp::Problem& problem, const std::string& config, std::uint64_t seed) {
  return Algorithm(problem, bopp::kit::parse_config<Algorithm>(config.c_str(), "algorithm"), seed,
                   bopp::Host());
}

// n points drawn uniformly in [0, 1]^d.
inline bopp::Points random_candidates(Eigen::Index n, Eigen::Index d, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  bopp::Points X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
  return X;
}

// A problem whose domain is the rows of `candidates`, in their bounding box.
inline bopp::Problem candidate_problem(const bopp::Points& candidates) {
  bopp::Problem p;
  p.lower = candidates.colwise().minCoeff().transpose();
  p.upper = candidates.colwise().maxCoeff().transpose();
  p.sense = bopp::Sense::maximize;
  p.candidates = candidates;
  return p;
}

// Runs `evaluations` evaluations, asking at most `batch` points at a time, and returns the
// candidate row of every point asked, in order. `f` gives the told value of a row.
template <class Algorithm>
std::vector<Eigen::Index> run(Algorithm& algorithm, const bopp::Points& candidates,
                              std::size_t evaluations, std::size_t batch,
                              const std::function<double(Eigen::Index)>& f) {
  std::vector<Eigen::Index> rows;
  while (rows.size() < evaluations) {
    const bopp::Points X = algorithm.ask(std::min(batch, evaluations - rows.size()));
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      Eigen::Index row = -1;
      for (Eigen::Index i = 0; i < candidates.rows(); ++i)
        if (candidates.row(i) == X.row(r)) row = i;
      rows.push_back(row);
      y[r] = row < 0 ? 0.0 : f(row);
    }
    algorithm.tell(X, y, std::vector<std::int32_t>(static_cast<std::size_t>(X.rows()), BOPP_OK));
  }
  return rows;
}

}  // namespace bbkb_test
