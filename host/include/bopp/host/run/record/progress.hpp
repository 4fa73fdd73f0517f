// bopp/host/run/record/progress.hpp: the one-line progress display of a run.
#pragma once

#include <bopp/host/common/status_line.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>

namespace bopp::host {

// Redraws "  done/budget evaluations  best ...  rate/s" on one line of a terminal, at most
// ten times a second. Silent when `stream` is not a terminal (logs stay clean).
class Progress {
 public:
  Progress(std::FILE* stream, std::uint64_t budget);
  void update(std::uint64_t done, std::optional<double> best);
  void finish() { line_.finish(); }
  bool active() const { return line_.active(); }

 private:
  StatusLine line_;
  std::uint64_t budget_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace bopp::host
