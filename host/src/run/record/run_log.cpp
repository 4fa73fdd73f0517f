#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/write_all.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_log.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bopp::host {
namespace {

[[noreturn]] void cannot_write(const std::filesystem::path& file) {
  throw Error("cannot write the run record '" + file.parent_path().string() +
              "': " + file.filename().string() + ": " + std::strerror(errno));
}

}  // namespace

RunLog::~RunLog() {
  if (fd_ >= 0) ::close(fd_);
}

void RunLog::open(const std::filesystem::path& folder, bool sync) { reopen(folder, sync, 0, true); }

void RunLog::reopen(const std::filesystem::path& folder, bool sync, std::uint64_t kept,
                    bool write_kept_lines) {
  std::lock_guard lock(mutex_);
  file_ = folder / record_file::kLog;
  sync_ = sync;
  try {
    fd_ = open_folder_file(file_, O_WRONLY | O_CREAT | (kept == 0 ? O_TRUNC : 0) | O_APPEND);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + file_.parent_path().string() +
                "': " + file_.filename().string() + ": " + e.what());
  }
  size_ = static_cast<off_t>(kept);
  if (kept > 0 && ::ftruncate(fd_, size_) != 0) cannot_write(file_);
  std::string lines;
  if (write_kept_lines) {
    for (const std::string& line : pending_) lines += line;
  }
  pending_.clear();
  if (!write_all(fd_, lines)) cannot_write(file_);
  size_ += static_cast<off_t>(lines.size());
}

void RunLog::write(std::int32_t level, const std::string& plugin, const std::string& message) {
  std::string line = log_line(evaluations_.load(), plugin, level, message);
  std::lock_guard lock(mutex_);
  if (fd_ < 0) {
    pending_.push_back(std::move(line));
    return;
  }
  // A plugin's log call cannot report a failure, and a full disk shows in the record's own
  // writes, which end the run; so a failed log write is dropped here, cut back to the last
  // whole line so the file stays readable.
  if (write_all(fd_, line)) {
    size_ += static_cast<off_t>(line.size());
  } else {
    (void)!::ftruncate(fd_, size_);
  }
}

void RunLog::flush() {
  std::lock_guard lock(mutex_);
  if (fd_ >= 0 && sync_ && ::fsync(fd_) != 0) cannot_write(file_);
}

}  // namespace bopp::host
