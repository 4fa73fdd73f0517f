// The command objective: each point is evaluated by running an external program, given the
// point as JSON on its standard input or as arguments; y is the last non-empty line of its
// standard output. A failed run (an exit status other than 0, a timeout, output that is not
// a number) is a failed evaluation, with the tail of the program's standard error.
#pragma once

#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bopp::command {

class CommandObjective {
 public:
  static constexpr const char* name = "command";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "an external program per point (argv, no shell): the point as JSON on stdin or as "
      "arguments, y its last output line";
  // The most of a program's standard error a failure message quotes.
  static constexpr std::size_t kStderrTail = 300;
  // The most standard output a program may print: y is its last line, and a program that
  // floods its output must not take the host's memory with it.
  static constexpr std::size_t kOutputCap = std::size_t{1} << 20;

  static std::vector<Param> params();

  CommandObjective(const Config& config, std::uint64_t, const Host&);

  Problem problem() const { return problem_; }
  // Throws std::runtime_error (a failed evaluation) when the program fails.
  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const;

 private:
  std::vector<std::string> argv_;
  bool arguments_;  // the point as arguments rather than JSON on standard input
  double timeout_s_;
  Problem problem_;
};

}  // namespace bopp::command
