// An algorithm whose every ask takes `sleep_ms`, for the tests that interrupt a long ask.
#pragma once

#include <bopp/plugin.hpp>

#include <chrono>
#include <cstdint>
#include <thread>

namespace misbehaving {

// Ask n (from 0) sleeps, then returns one point with every coordinate at the fraction
// (n + 1) / (n + 2) of its range: each ask's point differs, so a test sees which ask answered.
struct SlowAlgorithm {
  static constexpr const char* name = "slow_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "one point per ask, after sleep_ms";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::real("sleep_ms", 1.0, "milliseconds slept per ask").at_least(0.0)};
  }
  SlowAlgorithm(const bopp::Problem& p, const bopp::Config& config, std::uint64_t,
                const bopp::Host&)
      : problem(p), sleep_ms(config.real("sleep_ms")) {}
  bopp::Points ask(std::size_t) {
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(sleep_ms));
    const double fraction = static_cast<double>(asks + 1) / static_cast<double>(asks + 2);
    ++asks;
    return (problem.lower + fraction * (problem.upper - problem.lower)).transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }
  bopp::Problem problem;
  double sleep_ms;
  std::uint64_t asks = 0;
};

}  // namespace misbehaving
