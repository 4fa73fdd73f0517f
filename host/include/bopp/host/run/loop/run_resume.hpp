// bopp/host/run/loop/run_resume.hpp: `bopp resume DIR`, continuing a run whose process died
// (docs/run-record.md, "Resuming a run").
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/loop/run.hpp>

#include <filesystem>
#include <optional>

namespace bopp::host {

struct ResumeOptions {
  // Resume although a plugin library's SHA-1 differs from the one run.json recorded (--force):
  // the replay still checks every recorded point, so a change that matters stops it.
  bool allow_changed_libraries = false;
  // Evaluate the recorded best point again, with its seed, and require its recorded y to the
  // bit (continue_run). Off (--no-recheck) for an objective that is not a function of the
  // point and its seed, such as a measurement of a real system.
  bool recheck_best = true;
};

// Continues the run recorded in `folder` (killed, stopped or failed) to its budget, ending
// with the record an uninterrupted run of the same experiment writes. Takes the folder's lock
// first, then reads the record's experiment.toml and evaluations and hands them to
// continue_run. Returns nullopt, changing nothing, when the run is already complete. Throws
// Error (one line naming the folder) when the folder holds no run record, is in use, was
// recorded by another bopp version or with another plugin library, or when the replay differs
// from the record; the record is then left as it was.
std::optional<RunResult> resume_run(const std::filesystem::path& folder,
                                    const PluginRegistry& registry, const RunOptions& options = {},
                                    const ResumeOptions& resume = {});

}  // namespace bopp::host
