// bopp/host/run/record/run_log.hpp: log.jsonl, every plugin log line of a run (docs/run-record.md).
#pragma once

#include <bopp/host/run/record/log_line.hpp>

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace bopp::host {

// The run's log file. Plugins log from any thread, before the record's folder exists (while
// being created) and after: lines logged before `open` are kept and written by it. Each line
// is one write(), so lines from several threads never interleave and a kill leaves whole
// lines.
class RunLog {
 public:
  RunLog() = default;
  ~RunLog();
  RunLog(const RunLog&) = delete;
  RunLog& operator=(const RunLog&) = delete;

  // Creates (truncates) `folder`/log.jsonl and writes the lines kept so far. `sync`: `flush`
  // fsyncs. Throws Error naming the file when it cannot be written.
  void open(const std::filesystem::path& folder, bool sync);
  // Continues `folder`/log.jsonl (bopp resume): cuts it back to its first `kept` bytes and
  // appends from there; the lines kept so far are written only when `write_kept_lines`.
  void reopen(const std::filesystem::path& folder, bool sync, std::uint64_t kept,
              bool write_kept_lines);
  void write(std::int32_t level, const std::string& plugin, const std::string& message);
  // The number of evaluations told to the algorithm, stamped on the lines logged from now on.
  void set_evaluations(std::uint64_t told) { evaluations_.store(told); }
  // Makes the lines written so far durable (when opened with `sync`), as the record's synced
  // batches are. Throws Error naming the run folder when the fsync fails.
  void flush();

 private:
  std::mutex mutex_;
  std::atomic<std::uint64_t> evaluations_{0};
  std::vector<std::string> pending_;  // lines logged before open
  std::filesystem::path file_;
  int fd_ = -1;
  off_t size_ = 0;  // the file's size after its last whole line
  bool sync_ = true;
};

}  // namespace bopp::host
