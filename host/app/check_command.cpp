#include "check_command.hpp"

#include <bopp/host/check/check_output.hpp>
#include <bopp/host/check/plugin_check.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_text.hpp>

#include <cstdio>
#include <vector>

namespace bopp::cli {

int check_library_file(const CheckCommand& command) {
  std::vector<host::CheckResult> results;
  const host::CheckSink sink = [&](const host::CheckResult& r) {
    if (command.json) {
      results.push_back(r);
      return;
    }
    // Flushed line by line: a plugin that crashes the checker leaves the lines before it.
    std::printf("%s\n", host::check_line(r).c_str());
    std::fflush(stdout);
  };
  bool passed = false;
  try {
    passed = host::check_plugin(command.library, command.trust, command.settings, sink);
  } catch (const host::Error& e) {
    // A --set option it cannot apply: a usage error, like one of `bopp run`.
    std::fprintf(stderr, "bopp check: %s\n", e.what());
    return 2;
  }
  if (command.json) {
    std::printf("%s\n", host::json_text(host::check_json(results), 2).c_str());
  } else {
    std::printf("%s: %s\n", command.library.filename().c_str(),
                passed ? "every check passed" : "some checks FAILED");
  }
  return passed ? 0 : 1;
}

}  // namespace bopp::cli
