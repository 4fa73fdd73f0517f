// bopp/host/check/check_result.hpp: the outcome of one check of `bopp check`.
#pragma once

#include <functional>
#include <string>

namespace bopp::host {

struct CheckResult {
  std::string subject;  // the class checked, or the library file for the library's checks
  std::string check;    // e.g. "ask-in-bounds"
  bool passed = false;
  std::string message;  // for a failure, what was expected and what happened
};

// Receives each result as soon as it is known, so a plugin that crashes the checker leaves
// the lines before the crash on the terminal.
using CheckSink = std::function<void(const CheckResult&)>;

// Runs `body` as the check `check` of `subject` and reports it to `sink`: passed when it
// returns "", failed with its text otherwise, or with the message of an exception it throws
// (the host's Error and PluginMisbehaving, or anything else a plugin let through).
// Returns whether it passed.
bool run_check(const std::string& subject, const std::string& check, const CheckSink& sink,
               const std::function<std::string()>& body);

}  // namespace bopp::host
