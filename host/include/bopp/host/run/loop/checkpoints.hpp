// bopp/host/run/loop/checkpoints.hpp: the algorithm's state saved into the run record between
// batches, and restored by a resume in place of replaying the batches it covers.
#pragma once

#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/record/checkpoint_file.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace bopp::host {

// Who a checkpoint's state belongs to: the algorithm class and the library it was loaded from.
struct CheckpointOwner {
  std::string algorithm;
  std::string version;
  std::string library_sha1;
};

// Whether checkpoints are written for this run: on in the experiment, batch by batch (an
// asynchronous run always has points pending), and an algorithm that can save its state.
bool checkpoints_apply(const Experiment& experiment, const Algorithm& algorithm);

// Writes checkpoint.bin every `[run] checkpoint_interval_s` (measured from the record's start
// or the last checkpoint), and whenever asked to (a stop). A state the plugin cannot save, or
// a checkpoint that cannot be written, costs the run its checkpoints, not the run: a warning
// (returned, for the log), and the next resume replays what no checkpoint covers.
class CheckpointWriter {
 public:
  CheckpointWriter(const Experiment& experiment, Algorithm& algorithm, CheckpointOwner owner);

  // After a batch: a checkpoint when one is due (`now`: whenever a batch was told since the
  // last). `batches` and `evaluations` are what the algorithm has been told.
  std::optional<std::string> after_batch(RunRecord& record, std::uint64_t batches,
                                         std::uint64_t evaluations, bool now);
  std::uint64_t written() const { return written_; }

 private:
  using Clock = std::chrono::steady_clock;
  const Experiment& experiment_;
  Algorithm& algorithm_;
  CheckpointOwner owner_;
  std::optional<std::string> experiment_sha1_;  // of the record's experiment.toml, read once
  Clock::time_point last_ = Clock::now();
  std::uint64_t last_batches_ = 0;
  std::uint64_t written_ = 0;
  bool failed_ = false;
};

// The checkpoint a resume starts from: the evaluations and batches its state covers (none:
// 0), or why the record's checkpoint was not used.
struct RestoredState {
  std::uint64_t evaluations = 0;
  std::uint64_t batches = 0;
  // Why there was nothing to restore; empty when restored, or when no checkpoint applies.
  std::string not_used;
  // The plugin refused the bytes: its instance is left unusable and must be made anew.
  bool spoiled = false;
};

// Restores the newest checkpoint of `recorded` into the fresh `algorithm` when it belongs to
// this record: the bopp version, the algorithm class, version and library, the experiment file,
// and the recorded evaluations it was written after (their count, a batch boundary, their
// SHA-1), all as the checkpoint's header gives them.
RestoredState restore_checkpoint(const RecordedRun& recorded, const Experiment& experiment,
                                 Algorithm& algorithm, const CheckpointOwner& owner);

// "checkpoint 'F' not used: <why>; replaying the whole record instead"
std::string checkpoint_not_used_line(const RecordedRun& recorded, const std::string& why);

}  // namespace bopp::host
