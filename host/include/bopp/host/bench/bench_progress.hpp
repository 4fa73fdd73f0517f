// bopp/host/bench/bench_progress.hpp: how far a bench has got: the counts the live report and
// `bopp report --watch` show.
#pragma once

#include <bopp/host/bench/bench_run_state.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

namespace bopp::host {

struct BenchProgress {
  std::size_t completed = 0;  // completed now or before (skipped)
  std::size_t failed = 0;
  std::size_t running = 0;
  std::size_t pending = 0;
  std::size_t stopped = 0;  // stopped, or never started because the bench was stopped

  std::size_t total() const { return completed + failed + running + pending + stopped; }
  std::size_t done() const { return completed + failed; }
  std::size_t left() const { return pending + stopped; }
  // Nothing runs and nothing waits to: the bench has ended (complete, or stopped with runs left).
  bool ended() const { return running == 0 && pending == 0; }

  void count(BenchRunState state);
};

// The counts of a bench's runs from the states of its runs.
BenchProgress bench_progress(const std::vector<BenchRunState>& states);

// The counts `folder`/index.json records; nullopt when it holds no bench index (yet). A status it
// does not know counts as pending.
std::optional<BenchProgress> read_bench_progress(const std::filesystem::path& folder);

}  // namespace bopp::host
