// bopp/host/bench/bench_runner.hpp: runs every run of a grid, each as its own `bopp run`
// process, a few at a time, skipping the runs already complete.
#pragma once

#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/bench/bench_run_state.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

struct BenchOptions {
  std::filesystem::path bopp_program;              // the `bopp` binary each run executes
  std::vector<std::filesystem::path> plugin_path;  // passed on as --plugin-path
  std::vector<std::string> run_options;  // passed on before `run` (--allow-insecure-plugins)
  unsigned jobs = 0;                     // runs at once; 0: one per core
  bool sync = true;  // false passes --no-sync to each run and skips fsync of the bench files
  std::FILE* progress = stderr;             // runs done/total and ETA; nullptr: quiet
  const std::atomic<bool>* stop = nullptr;  // set it to start no further run
  // The signal that set `stop`: forwarded to the running runs, which then stop after their
  // batch and record `stopped`. 0 (or null): the running runs are left to finish.
  const std::atomic<int>* stop_signal = nullptr;
};

struct BenchRunOutcome {
  std::string folder;  // relative to the bench folder
  BenchRunState state = BenchRunState::pending;
  std::string message;  // why it failed
};

struct BenchSummary {
  std::filesystem::path folder;  // the bench folder
  std::vector<BenchRunOutcome> runs;
  std::size_t count(BenchRunState state) const;
};

// Runs `grid` into `folder` (which it creates): per run, the experiment file
// experiments/<run>.toml, the run record <run>/ and the run's output logs/<run>.log, where
// <run> is GridRun::folder; index.json lists every run with its labels and status, and is
// rewritten as runs end. A run is complete when its run.json says "completed", its
// experiment.toml is the grid's and the plugin library files it recorded (library_sha1) are
// those loaded now; complete runs are skipped, runs a kill, a signal or a time limit stopped
// are resumed (run_is_resumable), others are (re)run from the start. A run that fails, crashes or
// is killed is reported and the others go on. A run folder holding a completed run of a different
// experiment (the grid changed) is left alone and reported as failed.
BenchSummary run_bench(const BenchGrid& grid, const std::filesystem::path& folder,
                       const BenchOptions& options);

// Whether `run_folder` holds a completed run of `experiment` (as to_toml gives it; the
// output folder aside, so a bench folder can be moved).
bool run_is_complete(const std::filesystem::path& run_folder, const toml::table& experiment);

// Whether `run_folder` holds a run of `run`'s experiment that a kill, a signal or a time limit
// stopped (status running or stopped), recorded by this bopp with the libraries loaded now and
// not asynchronous: the bench continues it with `bopp resume` instead of running it anew.
bool run_is_resumable(const std::filesystem::path& run_folder, const GridRun& run);

// True when the run.json in `run_folder` names other plugin library files (by SHA-1) than
// `run` would load now, or none (a record older than the fingerprints).
bool libraries_changed(const std::filesystem::path& run_folder, const GridRun& run);

}  // namespace bopp::host
