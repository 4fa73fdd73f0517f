#include "command_objective.hpp"

#include "command_line.hpp"
#include "program_run.hpp"

#include <cstring>
#include <stdexcept>

namespace bopp::command {
namespace {

std::uint32_t line_of(const Config& config, const std::string& key) {
  const toml::node* node = config.table().get(key);
  return node != nullptr ? static_cast<std::uint32_t>(node->source().begin.line) : 0;
}

// One line: newlines of the quoted output become " | ".
std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  std::string out;
  for (char c : text) {
    if (c == '\n') {
      out += " | ";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out;
}

std::string with_stderr(std::string message, const ProgramRun& run) {
  const std::string tail = one_line(run.err);
  if (!tail.empty()) message += "; stderr: " + tail;
  return message;
}

}  // namespace

std::vector<Param> CommandObjective::params() {
  return {
      Param::string("argv", "",
                    "the program and its arguments as a JSON array of strings, run without a "
                    "shell: '[\"python3\", \"model.py\"]'; \"{x0}\", \"{x1}\", ... and "
                    "\"{seed}\" in an argument are replaced by the point's values")
          .make_required(),
      Param::choice("input", "stdin", "stdin|args",
                    "stdin: the point as {\"x\": [...], \"seed\": n} on standard input; args: as "
                    "arguments (appended, unless argv names {x0}, ...)"),
      Param::reals("lower", {}, "lower bound of each dimension").make_required(),
      Param::reals("upper", {}, "upper bound of each dimension").make_required(),
      Param::choice("sense", "minimize", "minimize|maximize", "whether y is minimized"),
      Param::real("optimum", 0.0, "the best value of y, when known (for regret)").make_optional(),
      Param::real("timeout_s", 0.0,
                  "seconds a run may take before it is killed and the evaluation fails (0: no "
                  "limit)")
          .at_least(0.0),
  };
}

CommandObjective::CommandObjective(const Config& config, std::uint64_t, const Host&)
    : arguments_(config.string("input") == "args"), timeout_s_(config.real("timeout_s")) {
  std::string why;
  const auto argv = parse_argv(config.string("argv"), why);
  if (!argv) {
    throw SchemaError("argv", line_of(config, "argv"), "key 'argv' of objective 'command' " + why);
  }
  argv_ = *argv;
  problem_.lower = config.reals("lower");
  problem_.upper = config.reals("upper");
  if (problem_.lower.size() == 0 || problem_.lower.size() != problem_.upper.size()) {
    throw SchemaError("upper", line_of(config, "upper"),
                      "keys 'lower' and 'upper' of objective 'command' must be lists of one "
                      "length, at least 1");
  }
  problem_.sense = config.string("sense") == "maximize" ? Sense::maximize : Sense::minimize;
  if (config.has("optimum")) problem_.optimum_value = config.real("optimum");
  problem_.thread_safe = true;  // every evaluation is a process of its own
}

double CommandObjective::evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
  const std::span<const double> point(x.data(), static_cast<std::size_t>(x.size()));
  const std::vector<std::string> argv = point_arguments(argv_, point, seed, arguments_);
  const ProgramRun run = run_program(argv, {"BOPP_SEED=" + std::to_string(seed)},
                                     arguments_ ? std::string() : point_json(point, seed),
                                     {timeout_s_, kOutputCap, kStderrTail});
  const std::string who = "'" + argv_[0] + "'";
  if (!run.started) throw std::runtime_error("cannot run " + who + ": " + run.error);
  if (run.timed_out) {
    throw std::runtime_error(
        with_stderr(who + " timed out after " + number_text(timeout_s_) + " s", run));
  }
  if (run.overflowed) {
    throw std::runtime_error(
        with_stderr(who + " output exceeds " + std::to_string(kOutputCap) + " bytes; killed", run));
  }
  if (run.signaled) {
    throw std::runtime_error(with_stderr(who + " killed by signal " + std::to_string(run.signal) +
                                             " (" + ::strsignal(run.signal) + ")",
                                         run));
  }
  if (run.code != 0) {
    throw std::runtime_error(
        with_stderr(who + " exited with status " + std::to_string(run.code), run));
  }
  const std::optional<double> y = parse_last_line(run.out);
  if (!y) {
    std::string last = one_line(run.out.substr(run.out.size() > 80 ? run.out.size() - 80 : 0));
    throw std::runtime_error(
        with_stderr(who + " printed no number as its last line (output ends '" + last + "')", run));
  }
  return *y;
}

}  // namespace bopp::command
