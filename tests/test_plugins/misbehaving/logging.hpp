// A plugin pair that logs at every level, for the host's log.jsonl and -v/-vv tests.
#pragma once

#include <bopp/plugin.hpp>

#include <cstdint>
#include <string>

namespace misbehaving {

inline void log_every_level(const bopp::Host& host, const std::string& what) {
  host.log(bopp::LogLevel::debug, "debug " + what);
  host.log(bopp::LogLevel::info, "info " + what);
  host.log(bopp::LogLevel::warning, "warning " + what);
  host.log(bopp::LogLevel::error, "error " + what);
}

// Asks the box centre, as many times as allowed. Logs one line per level at creation ("created")
// and at every ask
// ("ask after N told", N the evaluations it has been told), and once a message with quotes,
// a backslash, a newline, a tab, a byte that is not UTF-8, and `long_message` bytes of 'x'.
struct LoggingAlgorithm {
  static constexpr const char* name = "logging_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "asks the box centre; logs at every level on every ask";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::integer("long_message", 0, "bytes of 'x' after the awkward message")
                .at_least(0)};
  }
  LoggingAlgorithm(const bopp::Problem& p, const bopp::Config& config, std::uint64_t,
                   const bopp::Host& h)
      : problem(p), host(h) {
    log_every_level(host, "created");
    host.info("quote \" backslash \\ newline \n tab \t bad byte \xff end" +
              std::string(static_cast<std::size_t>(config.integer("long_message")), 'x'));
  }
  bopp::Points ask(std::size_t max_points) {
    log_every_level(host, "ask after " + std::to_string(told) + " told");
    return recommend().transpose().replicate(static_cast<Eigen::Index>(max_points), 1);
  }
  void tell(const bopp::Points& X, const Eigen::VectorXd&, std::span<const std::int32_t>) {
    told += static_cast<std::uint64_t>(X.rows());
  }
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }

  bopp::Problem problem;
  bopp::Host host;
  std::uint64_t told = 0;
};

// Sum of squares on [0, 1]^2; logs one line per level ("evaluate") at every evaluation.
struct LoggingObjective {
  static constexpr const char* name = "logging_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^2; logs at every level";
  static std::vector<bopp::Param> params() { return {}; }
  LoggingObjective(const bopp::Config&, std::uint64_t, const bopp::Host& h) : host(h) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    log_every_level(host, "evaluate");
    return x.squaredNorm();
  }

  bopp::Host host;
};

}  // namespace misbehaving
