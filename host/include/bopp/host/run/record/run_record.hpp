// bopp/host/run/record/run_record.hpp: the folder a run writes, its files kept whole and durable
// (docs/run-record.md); what each file holds is its format unit's (run_json, evaluation_line,
// batch_timing).
#pragma once

#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/sha1_digest.hpp>
#include <bopp/host/run/record/batch_timing.hpp>
#include <bopp/host/run/record/checkpoint_file.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace bopp::host {

// How a record makes its writes durable (docs/run-record.md, "What survives a crash"). A
// killed process loses nothing already written, synced or not; only a power loss can lose
// what was written since the last fsync, so evaluations.jsonl is synced at most every
// `interval_seconds`, and always before run.json says how the run ended.
struct RecordSync {
  bool enabled = true;            // false (--no-sync): never fsync
  double interval_seconds = 1.0;  // [run] sync_interval_s; 0: after every batch
  // Monotonic seconds; empty: std::chrono::steady_clock. It decides when to sync, never what
  // is written, so a record is the same byte for byte whatever the timing.
  std::function<double()> clock;
};

// Writes experiment.toml, run.json, evaluations.jsonl and batches.jsonl. Each appended batch
// is one write, so `kill -9` loses nothing already appended; a write that fails (a full disk)
// is cut back to the last whole line. run.json is replaced atomically (write, fsync, rename).
// Every Error names the folder and the file.
class RunRecord {
 public:
  // Creates `folder` (and its parents) and claims it: an empty folder (or one holding only
  // bopp's lock file and leftover temporaries), or, with `overwrite`, a folder holding a run
  // record (holds_run_record, run_json.hpp). Anything else is refused, naming what was found.
  // run.json is written first, saying "running", so a kill at any moment leaves a record that says
  // "running" rather than an old run's end beside a truncated evaluations.jsonl. `run` gets
  // `bopp_version` and `status` ("running") when it lacks them: they mark the record.
  RunRecord(std::filesystem::path folder, const toml::table& experiment, nlohmann::json run,
            bool overwrite, RecordSync sync = {});
  // The bytes of experiment.toml as the constructor above writes it for `experiment`.
  static std::string experiment_file_text(const toml::table& experiment);
  // Continues the record in `folder` (bopp resume), whose lock the caller holds: run.json is
  // rewritten first as `run` says, then evaluations.jsonl and batches.jsonl are cut back to
  // the whole lines `kept` names (a torn line, or timings of batches no longer recorded) and
  // appended to from there.
  struct Kept {
    std::uint64_t evaluations_bytes = 0;
    std::uint64_t batches_bytes = 0;
  };
  RunRecord(std::filesystem::path folder, nlohmann::json run, Kept kept, RecordSync sync = {});
  ~RunRecord();
  RunRecord(const RunRecord&) = delete;
  RunRecord& operator=(const RunRecord&) = delete;

  // Appends a batch to evaluations.jsonl; fsyncs it when the sync interval has passed since
  // the last fsync. Returns whether it synced, so the run's log can be synced with it.
  bool append(std::span<const RecordedEvaluation> batch);
  // Appends a batch's timing to batches.jsonl, after its tell (not fsynced: timings only).
  void append_timing(const BatchTiming& timing);
  // Syncs and closes evaluations.jsonl and batches.jsonl, checking both; nothing may be
  // appended afterwards. Call it before the update that says how the run ended.
  void close_files();
  // Merges `fields` into run.json and rewrites it, after syncing what was appended.
  void update(const nlohmann::json& fields);
  // Replaces checkpoint.bin with `checkpoint`, whose evaluations are all the lines appended so
  // far (its `evaluations_sha1` is filled in here): evaluations.jsonl and batches.jsonl are
  // synced first, so a checkpoint never stands beside a record shorter than it.
  void write_checkpoint(Checkpoint checkpoint);
  // Removes checkpoint.bin (a completed run's record does not keep it).
  void remove_checkpoint();

  const std::filesystem::path& folder() const { return folder_; }
  // How many times evaluations.jsonl was fsynced.
  std::uint64_t syncs() const { return syncs_; }

 private:
  void claim_folder(bool overwrite) const;
  // Opens `file` for writing, cut back to `size` bytes; `size` 0 creates or truncates it.
  int open_at(const char* file, off_t size);
  void open_files(Kept kept);
  void write_run_json();
  void sync_evaluations();
  double now() const;
  [[noreturn]] void cannot_write(const char* file, const std::string& reason) const;

  std::filesystem::path folder_;
  // Held for the record's life: one process at a time writes a run folder.
  std::optional<FolderLock> lock_;
  nlohmann::json run_;
  EvaluationLineWriter line_writer_;
  std::string lines_;  // a batch's text, its capacity reused
  RecordSync sync_;
  int evaluations_fd_ = -1;
  int batches_fd_ = -1;
  // The files' sizes after their last whole line: where a failed write is cut back to.
  off_t evaluations_size_ = 0;
  off_t batches_size_ = 0;
  // Of evaluations.jsonl's first `digested_` bytes: what a checkpoint says it was written after.
  Sha1Digest evaluations_digest_;
  off_t digested_ = 0;
  bool unsynced_ = false;  // evaluations appended since the last fsync
  double last_sync_ = 0.0;
  std::uint64_t syncs_ = 0;
};

}  // namespace bopp::host
