#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/json_text.hpp>
#include <bopp/host/common/output_folder.hpp>
#include <bopp/host/common/write_all.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>
#include <utility>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// Writes `text` at the end of a file whose whole lines end at `size`, and moves `size` past it.
// A failed write (a full disk) is cut back to `size`, so the file never ends in a torn line.
bool append_whole_lines(int fd, off_t& size, std::string_view text) {
  if (write_all(fd, text)) {
    size += static_cast<off_t>(text.size());
    return true;
  }
  const int error = errno;
  if (::ftruncate(fd, size) == 0) ::lseek(fd, size, SEEK_SET);
  errno = error;
  return false;
}

std::string strerror_text() { return std::strerror(errno); }

}  // namespace

RunRecord::RunRecord(fs::path folder, const toml::table& experiment, nlohmann::json run,
                     bool overwrite, RecordSync sync)
    : folder_(std::move(folder)), run_(std::move(run)), sync_(std::move(sync)) {
  mark_as_run_record(run_);
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec) throw Error("cannot write the run record '" + folder_.string() + "': " + ec.message());
  lock_.emplace(folder_, "run");  // before anything in the folder is read or replaced
  try {
    claim_folder(overwrite);
  } catch (const Error&) {
    lock_->release_and_remove_created();  // a refused run leaves the folder as it found it
    throw;
  }
  // An old run's checkpoint never stands beside the new run's evaluations.
  bopp::host::remove_checkpoint(folder_);
  // run.json first: from here on, whatever a kill interrupts, the folder is a record that
  // says "running" (an overwritten run's end never stands beside a truncated file).
  write_run_json();
  try {
    write_file_atomically(folder_ / record_file::kExperiment, experiment_file_text(experiment),
                          sync_.enabled);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + folder_.string() + "': " + e.what());
  }
  open_files({});
}

std::string RunRecord::experiment_file_text(const toml::table& experiment) {
  std::ostringstream text;
  text << "# The resolved experiment: every default filled in. `bopp run` on this file\n"
          "# repeats the run.\n"
       << experiment << "\n";
  return text.str();
}

RunRecord::RunRecord(fs::path folder, nlohmann::json run, Kept kept, RecordSync sync)
    : folder_(std::move(folder)), run_(std::move(run)), sync_(std::move(sync)) {
  write_run_json();
  open_files(kept);
}

void RunRecord::open_files(Kept kept) {
  evaluations_size_ = static_cast<off_t>(kept.evaluations_bytes);
  evaluations_fd_ = open_at(record_file::kEvaluations, evaluations_size_);
  batches_size_ = static_cast<off_t>(kept.batches_bytes);
  try {
    batches_fd_ = open_at(record_file::kBatches, batches_size_);
  } catch (const Error&) {
    ::close(std::exchange(evaluations_fd_, -1));  // no destructor runs for a throwing constructor
    throw;
  }
  last_sync_ = now();
}

int RunRecord::open_at(const char* file, off_t size) {
  const fs::path path = folder_ / file;
  int fd = -1;
  try {
    fd = open_folder_file(path, O_RDWR | O_CREAT | (size == 0 ? O_TRUNC : 0));
  } catch (const Error& e) {
    cannot_write(file, e.what());
  }
  if (size > 0 && (::ftruncate(fd, size) != 0 || ::lseek(fd, size, SEEK_SET) != size)) {
    const std::string reason = strerror_text();
    ::close(fd);
    cannot_write(file, reason);
  }
  return fd;
}

void RunRecord::claim_folder(bool overwrite) const {
  refuse_foreign_files(folder_,
                       {record_file::kRun, record_file::kExperiment, record_file::kEvaluations,
                        record_file::kBatches, record_file::kLog, record_file::kCheckpoint});
  if (const std::optional<RunJson> recorded = try_read_run_json(folder_);
      recorded && recorded->marks_run_record()) {
    if (overwrite) return;
    const std::string status = recorded->status_text();
    // bopp resume does not replay an asynchronous run (run_resume.cpp): no hint there.
    const bool async = records_asynchronous_run(folder_);
    const std::string resume =
        status == to_string(RunStatus::completed)
            ? ""
            : " (it did not complete, status '" + status + "'" +
                  (async ? ")" : ": `bopp resume " + folder_.string() + "` continues it)");
    throw Error("the output folder '" + folder_.string() + "' already holds a run" + resume +
                "; choose another with --output, or pass --overwrite");
  }
  if (const auto found = first_foreign_entry(folder_)) {
    throw Error("the output folder '" + folder_.string() +
                "' is not empty and holds no bopp run record (found '" + *found +
                "'); bopp writes only into an empty folder or over its own run (--overwrite): "
                "choose another with --output");
  }
}

RunRecord::~RunRecord() {
  if (evaluations_fd_ >= 0) ::close(evaluations_fd_);
  if (batches_fd_ >= 0) ::close(batches_fd_);
}

void RunRecord::cannot_write(const char* file, const std::string& reason) const {
  throw Error("cannot write the run record '" + folder_.string() + "': " + file + ": " + reason);
}

double RunRecord::now() const {
  if (sync_.clock) return sync_.clock();
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void RunRecord::append_timing(const BatchTiming& t) {
  if (!append_whole_lines(batches_fd_, batches_size_, json_text(to_json(t)) + "\n"))
    cannot_write(record_file::kBatches, strerror_text());
}

bool RunRecord::append(std::span<const RecordedEvaluation> batch) {
  lines_.clear();
  for (const RecordedEvaluation& e : batch) line_writer_.append(e, lines_);
  // One write per batch: a kill leaves whole lines before it, at most one torn last line.
  if (!append_whole_lines(evaluations_fd_, evaluations_size_, lines_))
    cannot_write(record_file::kEvaluations, strerror_text());
  unsynced_ = true;
  if (!sync_.enabled || now() - last_sync_ < sync_.interval_seconds) return false;
  sync_evaluations();
  return true;
}

void RunRecord::sync_evaluations() {
  if (!sync_.enabled || !unsynced_) return;
  if (::fsync(evaluations_fd_) != 0) cannot_write(record_file::kEvaluations, strerror_text());
  unsynced_ = false;
  last_sync_ = now();
  ++syncs_;
}

void RunRecord::close_files() {
  if (evaluations_fd_ < 0) return;
  sync_evaluations();
  const int evaluations = std::exchange(evaluations_fd_, -1);
  const int batches = std::exchange(batches_fd_, -1);
  const bool evaluations_closed = ::close(evaluations) == 0;
  const int error = errno;
  const bool batches_closed = ::close(batches) == 0;
  if (!evaluations_closed) cannot_write(record_file::kEvaluations, std::strerror(error));
  if (!batches_closed) cannot_write(record_file::kBatches, strerror_text());
}

void RunRecord::update(const nlohmann::json& fields) {
  if (evaluations_fd_ >= 0) sync_evaluations();  // run.json never claims more than is durable
  run_.update(fields);
  write_run_json();
}

void RunRecord::write_checkpoint(Checkpoint checkpoint) {
  sync_evaluations();
  if (sync_.enabled && ::fsync(batches_fd_) != 0)
    cannot_write(record_file::kBatches, strerror_text());
  // Read back only now, and only past what the last checkpoint read: a run that writes none
  // pays nothing, one that writes many reads each line once.
  std::string buffer(std::size_t{1} << 16, '\0');
  while (digested_ < evaluations_size_) {
    const auto want = static_cast<std::size_t>(
        std::min<off_t>(evaluations_size_ - digested_, static_cast<off_t>(buffer.size())));
    const ssize_t n = ::pread(evaluations_fd_, buffer.data(), want, digested_);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) cannot_write(record_file::kEvaluations, n < 0 ? strerror_text() : "file shrank");
    evaluations_digest_.add(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
    digested_ += n;
  }
  checkpoint.header.evaluations_sha1 = evaluations_digest_.hex();
  try {
    bopp::host::write_checkpoint(folder_, checkpoint, sync_.enabled);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + folder_.string() + "': " + e.what());
  }
}

void RunRecord::remove_checkpoint() { bopp::host::remove_checkpoint(folder_); }

void RunRecord::write_run_json() {
  try {
    write_file_atomically(folder_ / record_file::kRun, json_text(run_, 2) + "\n", sync_.enabled);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + folder_.string() + "': " + e.what());
  }
}

}  // namespace bopp::host
