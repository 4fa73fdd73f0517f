// Driving the stobnts algorithms in tests: configurations and the ask/tell loop.
#pragma once

#include "algorithms.hpp"

#include <bopp/plugin.hpp>

#include <functional>
#include <string>
#include <vector>

namespace stobnts_test {

template <class Algorithm>
bopp::Config config(const std::string& settings) {
  return bopp::kit::parse_config<Algorithm>(settings.c_str(), "algorithm");
}

// Tells the rows of X with values f(x) (maximized), all successful.
template <class Algorithm>
void tell(Algorithm& algorithm, const bopp::Points& X,
          const std::function<double(const Eigen::VectorXd&)>& f) {
  Eigen::VectorXd y(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
  const std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
  algorithm.tell(X, y, status);
}

// `asks` rounds of ask(batch) and tell; returns every asked point in order.
template <class Algorithm>
Eigen::MatrixXd run(Algorithm& algorithm, const std::function<double(const Eigen::VectorXd&)>& f,
                    Eigen::Index dim, int asks, std::size_t batch) {
  Eigen::MatrixXd asked(0, dim);
  for (int k = 0; k < asks; ++k) {
    const bopp::Points X = algorithm.ask(batch);
    tell(algorithm, X, f);
    asked.conservativeResize(asked.rows() + X.rows(), Eigen::NoChange);
    asked.bottomRows(X.rows()) = X;
  }
  return asked;
}

}  // namespace stobnts_test
