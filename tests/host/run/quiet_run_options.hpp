// The options of a run started by a test: no progress line, no log on the terminal (the
// record's log.jsonl still has every line).
#pragma once

#include <bopp/host/run/loop/run.hpp>

namespace bopp::test {

inline bopp::host::RunOptions quiet_run_options() {
  bopp::host::RunOptions options;
  options.progress = false;
  options.log = nullptr;
  return options;
}

}  // namespace bopp::test
