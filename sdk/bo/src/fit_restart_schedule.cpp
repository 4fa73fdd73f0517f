#include <bopp/bo/fit_restart_schedule.hpp>

#include <algorithm>
#include <stdexcept>

namespace bopp::bo {

FitRestartRule fit_restart_rule_from_name(std::string_view name) {
  if (name == "every_fit") return FitRestartRule::every_fit;
  if (name == "botorch") return FitRestartRule::botorch;
  if (name == "never") return FitRestartRule::never;
  if (name == "scheduled") return FitRestartRule::scheduled;
  if (name == "adaptive") return FitRestartRule::adaptive;
  throw std::invalid_argument("unknown fit restart schedule '" + std::string(name) +
                              "'; expected every_fit, botorch, never, scheduled or adaptive");
}

std::string fit_restart_rule_name(FitRestartRule rule) {
  switch (rule) {
    case FitRestartRule::every_fit:
      return "every_fit";
    case FitRestartRule::botorch:
      return "botorch";
    case FitRestartRule::never:
      return "never";
    case FitRestartRule::scheduled:
      return "scheduled";
    case FitRestartRule::adaptive:
      return "adaptive";
  }
  return "every_fit";
}

bool FitRestartSchedule::restarts_after(bool failed, double move) const {
  const bool early = fits_ < settings_.first;
  switch (settings_.rule) {
    case FitRestartRule::every_fit:
      return true;
    case FitRestartRule::never:
      return false;
    case FitRestartRule::botorch:
      return failed;
    case FitRestartRule::scheduled:
      return failed || early || (settings_.every > 0 && fits_ % settings_.every == 0);
    case FitRestartRule::adaptive:
      return failed || early || move > settings_.move || since_restart_ + 1 >= interval_;
  }
  return true;
}

void FitRestartSchedule::record(bool restarted, double gain) {
  ++fits_;
  if (!restarted) {
    ++since_restart_;
    return;
  }
  since_restart_ = 0;
  interval_ = gain > settings_.gain ? 1 : std::min(2 * interval_, std::max(settings_.every, 1));
}

}  // namespace bopp::bo
