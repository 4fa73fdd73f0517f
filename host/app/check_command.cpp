#include "check_command.hpp"

#include <bopp/host/check/check_output.hpp>
#include <bopp/host/check/plugin_check.hpp>

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
  const bool passed = host::check_plugin(command.library, command.trust, sink);
  if (command.json) {
    std::printf("%s\n", host::check_json(results).dump(2).c_str());
  } else {
    std::printf("%s: %s\n", command.library.filename().c_str(),
                passed ? "every check passed" : "some checks FAILED");
  }
  return passed ? 0 : 1;
}

}  // namespace bopp::cli
