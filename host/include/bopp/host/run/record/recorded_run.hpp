// bopp/host/run/record/recorded_run.hpp: a run record as a killed run left it, read to continue it.
#pragma once

#include <bopp/host/common/time_spent.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace bopp::host {

// What a run record holds, up to its last whole line (a power loss may tear the last line of
// a file; a kill never does). docs/run-record.md, "Resuming a run".
struct RecordedRun {
  std::filesystem::path folder;
  RunJson run;                                  // run.json
  std::string experiment_text;                  // experiment.toml, as bytes
  std::vector<RecordedEvaluation> evaluations;  // every whole line of evaluations.jsonl
  std::uint64_t evaluations_bytes = 0;          // where the last whole line ends
  std::vector<std::uint64_t> evaluation_ends;   // where each of those lines ends
  // The leading lines of batches.jsonl kept: batches 0, 1, ... in order, each of a batch that
  // evaluations.jsonl holds; and where they end.
  std::uint64_t timed_batches = 0;
  std::uint64_t batches_bytes = 0;
  TimeSpent timed_algorithm;  // their asks and tells, as the batches ran
  // Where log.jsonl's lines logged before the first unrecorded evaluation end: the lines after
  // them belong to the batch the kill cut, which the resumed run asks and logs again.
  std::uint64_t log_bytes = 0;
};

// Reads the record in `folder`. Throws Error naming the file and line when a whole line is not
// what bopp writes (a field of another type, a status other than "ok" or "failed"), the
// indices of evaluations.jsonl are not 0, 1, 2, ..., or its batches are not 0, 1, 2, ... in
// order.
RecordedRun read_recorded_run(const std::filesystem::path& folder);

// Whether the record in `folder` is of an asynchronous run (`[evaluator] async = true` in its
// experiment.toml), which bopp resume does not replay; false when the file does not read.
bool records_asynchronous_run(const std::filesystem::path& folder);

}  // namespace bopp::host
