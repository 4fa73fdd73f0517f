// Driving gssbo and rssbo in tests: configurations, a host that keeps the log, the ask/tell
// loop.
#pragma once

#include "gssbo.hpp"
#include "rssbo.hpp"

#include <bopp/plugin.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gssbo_test {

template <class Algorithm>
bopp::Config config(const std::string& settings) {
  return bopp::kit::parse_config<Algorithm>(settings.c_str(), "algorithm");
}

// A host whose log lines (level, message) the test can read.
class LogKeepingHost {
 public:
  struct Line {
    std::int32_t level;
    std::string message;
  };
  LogKeepingHost() {
    c_.struct_size = sizeof c_;
    c_.context = lines_.get();
    c_.log = [](void* context, std::int32_t level, const char* message) {
      static_cast<std::vector<Line>*>(context)->push_back({level, message});
    };
    c_.thread_budget = 1;
  }
  bopp::Host host() const { return bopp::Host(&c_); }
  const std::vector<Line>& lines() const { return *lines_; }
  std::vector<std::string> at_level(std::int32_t level) const {
    std::vector<std::string> out;
    for (const Line& l : *lines_)
      if (l.level == level) out.push_back(l.message);
    return out;
  }

 private:
  std::unique_ptr<std::vector<Line>> lines_ = std::make_unique<std::vector<Line>>();
  bopp_host c_{};
};

// The ask/tell loop for `budget` evaluations of `f` (maximized), one point per ask after the
// design; `after_tell` sees the algorithm after every tell. Returns every asked point in order.
template <class Algorithm>
Eigen::MatrixXd run(Algorithm& algorithm, const std::function<double(const Eigen::VectorXd&)>& f,
                    Eigen::Index dim, Eigen::Index budget,
                    const std::function<void(const Algorithm&)>& after_tell = {},
                    const std::function<void(Eigen::Index used)>& before_tell = {}) {
  Eigen::MatrixXd asked(budget, dim);
  for (Eigen::Index used = 0; used < budget;) {
    const bopp::Points X = algorithm.ask(static_cast<std::size_t>(budget - used));
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) y[i] = f(X.row(i).transpose());
    const std::vector<std::int32_t> status(static_cast<std::size_t>(X.rows()), BOPP_OK);
    asked.middleRows(used, X.rows()) = X;
    used += X.rows();
    if (before_tell) before_tell(used);
    algorithm.tell(X, y, status);
    if (after_tell) after_tell(algorithm);
  }
  return asked;
}

// Checks that the subset is valid: |U| = min(|D|, M), the first n_init rows and
// the newest in it, ascending without duplicates, every row of D.
inline ::testing::AssertionResult valid_subset(const bopp::gssbo::SubsetBo& algorithm) {
  const auto& U = algorithm.subset();
  const Eigen::Index n = algorithm.observations().rows();
  const Eigen::Index M = algorithm.schedule().capacity();
  if (static_cast<Eigen::Index>(U.size()) != std::min(n, M))
    return ::testing::AssertionFailure() << "|U| = " << U.size() << " at n = " << n;
  for (std::size_t k = 1; k < U.size(); ++k)
    if (U[k] <= U[k - 1]) return ::testing::AssertionFailure() << "U not strictly ascending";
  if (U.front() < 0 || U.back() >= n) return ::testing::AssertionFailure() << "U outside D";
  const auto holds = [&U](Eigen::Index i) { return std::binary_search(U.begin(), U.end(), i); };
  for (Eigen::Index i = 0; i < std::min(algorithm.settings().initial_points, n); ++i)
    if (!holds(i)) return ::testing::AssertionFailure() << "initial row " << i << " missing";
  if (!holds(n - 1)) return ::testing::AssertionFailure() << "newest row missing at n = " << n;
  return ::testing::AssertionSuccess();
}

}  // namespace gssbo_test
