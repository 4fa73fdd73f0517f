// bopp/host/run/run_record.hpp: the folder a run writes (docs/run-record.md).
#pragma once

#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/report/regret.hpp>

#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

// One line of evaluations.jsonl.
struct RecordedEvaluation {
  std::uint64_t index = 0;  // 0-based, in the order points were asked
  std::uint64_t batch = 0;  // which ask it came from
  std::vector<double> x;    // as evaluated (rounded where the dimension is discrete)
  double y = 0.0;           // objective's own sense; written as null when failed
  bool ok = false;
  std::string message;  // why it failed
  std::uint64_t seed = 0;
  double seconds = 0.0;  // evaluation wall time
  // Written as `regret`, `simple_regret` and `cumulative_regret` when the objective declares
  // its optimum (a missing value as null); absent otherwise.
  std::optional<RegretSoFar> regret;
};

// One line of batches.jsonl: where the time of one ask/evaluate/tell round went.
struct BatchTiming {
  std::uint64_t batch = 0;
  std::uint64_t points = 0;
  double ask_seconds = 0.0;
  double evaluation_seconds = 0.0;
  double tell_seconds = 0.0;
};

nlohmann::json to_json(const RecordedEvaluation& e);
RecordedEvaluation evaluation_from_json(const nlohmann::json& line);

// Writes experiment.toml, run.json and evaluations.jsonl. Each appended batch is written,
// flushed and (when `sync`) fsynced before append returns, so `kill -9` loses nothing
// already recorded; run.json is replaced atomically (write, fsync, rename).
class RunRecord {
 public:
  // Creates `folder` (and its parents). Throws Error naming the folder when it cannot be
  // written, or when it already holds a run and `overwrite` is false.
  RunRecord(std::filesystem::path folder, const toml::table& experiment, nlohmann::json run,
            bool overwrite, bool sync);
  ~RunRecord();
  RunRecord(const RunRecord&) = delete;
  RunRecord& operator=(const RunRecord&) = delete;

  void append(std::span<const RecordedEvaluation> batch);
  // Appends a batch's timing to batches.jsonl, after its tell (not fsynced: timings only).
  void append_timing(const BatchTiming& timing);
  // Merges `fields` into run.json and rewrites it.
  void update(const nlohmann::json& fields);

  const std::filesystem::path& folder() const { return folder_; }

 private:
  void write_run_json();
  void fill_line(const RecordedEvaluation& e);

  std::filesystem::path folder_;
  // Held for the record's life: one process at a time writes a run folder.
  std::optional<FolderLock> lock_;
  nlohmann::json run_;
  // The evaluations.jsonl line, reused, and pointers to its value nodes.
  struct LineNodes {
    explicit LineNodes(nlohmann::json& line);
    nlohmann::json *index, *batch;
    nlohmann::json::array_t* x;
    nlohmann::json* y;
    std::string *status, *message;
    nlohmann::json *seed, *time;
    // Added to the line at the first evaluation that carries regret.
    nlohmann::json *regret = nullptr, *simple_regret = nullptr, *cumulative_regret = nullptr;
  };
  nlohmann::json line_;
  LineNodes nodes_;
  bool sync_;
  int evaluations_fd_ = -1;
  int batches_fd_ = -1;
};

// Reads every line of a batches.jsonl.
std::vector<BatchTiming> read_batch_timings(const std::filesystem::path& file);

// Reads every line of an evaluations.jsonl.
std::vector<RecordedEvaluation> read_evaluations(const std::filesystem::path& file);

}  // namespace bopp::host
