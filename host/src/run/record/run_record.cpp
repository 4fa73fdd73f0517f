#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/output_folder.hpp>
#include <bopp/host/common/write_all.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_record.hpp>
#include <bopp/host/run/record/run_status.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
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

nlohmann::json number_or_null(double v) {
  return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

nlohmann::json number_or_null(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::optional<double> optional_number(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<double>();
}

std::string strerror_text() { return std::strerror(errno); }

}  // namespace

nlohmann::json to_json(const RecordedEvaluation& e) {
  nlohmann::json j;
  j["index"] = e.index;
  j["batch"] = e.batch;
  j["x"] = e.x;
  j["y"] = e.ok ? nlohmann::json(e.y) : nlohmann::json(nullptr);
  j["status"] = e.ok ? "ok" : "failed";
  j["message"] = e.message;
  j["seed"] = e.seed;
  j["time"] = e.seconds;
  if (e.regret) {
    j["regret"] = number_or_null(e.regret->instant);
    j["simple_regret"] = number_or_null(e.regret->simple);
    j["cumulative_regret"] = e.regret->cumulative;
  }
  return j;
}

RecordedEvaluation evaluation_from_json(const nlohmann::json& j) {
  RecordedEvaluation e;
  e.index = j.at("index").get<std::uint64_t>();
  e.batch = j.at("batch").get<std::uint64_t>();
  e.x = j.at("x").get<std::vector<double>>();
  e.ok = j.at("status").get<std::string>() == "ok";
  e.y = e.ok ? j.at("y").get<double>() : std::nan("");
  e.message = j.value("message", "");
  e.seed = j.at("seed").get<std::uint64_t>();
  e.seconds = j.value("time", 0.0);
  if (j.contains("cumulative_regret")) {
    RegretSoFar r;
    r.instant = optional_number(j, "regret").value_or(std::nan(""));
    r.simple = optional_number(j, "simple_regret");
    r.cumulative = j.at("cumulative_regret").get<double>();
    e.regret = r;
  }
  return e;
}

bool holds_run_record(const fs::path& folder) {
  std::ifstream in(folder / "run.json");
  if (!in) return false;
  const nlohmann::json run = nlohmann::json::parse(in, nullptr, false);
  if (!run.is_object()) return false;
  const auto version = run.find("bopp_version");
  const auto status = run.find("status");
  return version != run.end() && version->is_string() && status != run.end() &&
         status->is_string() && parse_run_status(status->get<std::string>()).has_value();
}

RunRecord::RunRecord(fs::path folder, const toml::table& experiment, nlohmann::json run,
                     bool overwrite, RecordSync sync)
    : folder_(std::move(folder)),
      run_(std::move(run)),
      line_(to_json(RecordedEvaluation{})),
      nodes_(line_),
      sync_(std::move(sync)) {
  if (!run_.contains("bopp_version")) run_["bopp_version"] = BOPP_VERSION;
  if (!run_.contains("status")) run_["status"] = to_string(RunStatus::running);
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec) throw Error("cannot write the run record '" + folder_.string() + "': " + ec.message());
  lock_.emplace(folder_, "run");  // before anything in the folder is read or replaced
  claim_folder(overwrite);
  // run.json first: from here on, whatever a kill interrupts, the folder is a record that
  // says "running" (an overwritten run's end never stands beside a truncated file).
  write_run_json();
  std::ostringstream toml_text;
  toml_text << "# The resolved experiment: every default filled in. `bopp run` on this file\n"
               "# repeats the run.\n"
            << experiment << "\n";
  try {
    write_file_atomically(folder_ / "experiment.toml", toml_text.str(), sync_.enabled);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + folder_.string() + "': " + e.what());
  }
  open_files({});
}

RunRecord::RunRecord(fs::path folder, nlohmann::json run, Kept kept, RecordSync sync)
    : folder_(std::move(folder)),
      run_(std::move(run)),
      line_(to_json(RecordedEvaluation{})),
      nodes_(line_),
      sync_(std::move(sync)) {
  write_run_json();
  open_files(kept);
}

void RunRecord::open_files(Kept kept) {
  evaluations_size_ = static_cast<off_t>(kept.evaluations_bytes);
  evaluations_fd_ = open_at("evaluations.jsonl", evaluations_size_);
  batches_size_ = static_cast<off_t>(kept.batches_bytes);
  try {
    batches_fd_ = open_at("batches.jsonl", batches_size_);
  } catch (const Error&) {
    ::close(std::exchange(evaluations_fd_, -1));  // no destructor runs for a throwing constructor
    throw;
  }
  last_sync_ = now();
}

int RunRecord::open_at(const char* file, off_t size) {
  const fs::path path = folder_ / file;
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | (size == 0 ? O_TRUNC : 0) | O_CLOEXEC, 0644);
  if (fd < 0) cannot_write(file, strerror_text());
  if (size > 0 && (::ftruncate(fd, size) != 0 || ::lseek(fd, size, SEEK_SET) != size)) {
    const std::string reason = strerror_text();
    ::close(fd);
    cannot_write(file, reason);
  }
  return fd;
}

void RunRecord::claim_folder(bool overwrite) const {
  if (holds_run_record(folder_)) {
    if (overwrite) return;
    std::ifstream in(folder_ / "run.json");
    const std::string status = recorded_status_text(nlohmann::json::parse(in, nullptr, false));
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
  nlohmann::json line = {{"batch", t.batch},
                         {"points", t.points},
                         {"ask_time", t.ask_seconds},
                         {"evaluation_time", t.evaluation_seconds},
                         {"tell_time", t.tell_seconds}};
  if (t.pending) line["pending"] = *t.pending;
  if (!append_whole_lines(batches_fd_, batches_size_, line.dump() + "\n"))
    cannot_write("batches.jsonl", strerror_text());
}

// One JSON object serves every line: its keys, nodes and strings are made once, and the
// pointers below (into its std::map, whose nodes never move) skip the key look-ups, so a
// line costs its serialization and little else (docs/benchmarks.md has the figures).
RunRecord::LineNodes::LineNodes(nlohmann::json& line)
    : index(&line["index"]),
      batch(&line["batch"]),
      x(&line["x"].get_ref<nlohmann::json::array_t&>()),
      y(&line["y"]),
      status(&line["status"].get_ref<std::string&>()),
      message(&line["message"].get_ref<std::string&>()),
      seed(&line["seed"]),
      time(&line["time"]) {}

void RunRecord::fill_line(const RecordedEvaluation& e) {
  *nodes_.index = e.index;
  *nodes_.batch = e.batch;
  nodes_.x->resize(e.x.size());
  for (std::size_t k = 0; k < e.x.size(); ++k) (*nodes_.x)[k] = e.x[k];
  *nodes_.y = e.ok ? nlohmann::json(e.y) : nlohmann::json(nullptr);
  *nodes_.status = e.ok ? "ok" : "failed";
  *nodes_.message = e.message;
  *nodes_.seed = e.seed;
  *nodes_.time = e.seconds;
  if (e.regret) {
    if (nodes_.regret == nullptr) {  // map nodes never move, so the pointers above stay valid
      nodes_.regret = &line_["regret"];
      nodes_.simple_regret = &line_["simple_regret"];
      nodes_.cumulative_regret = &line_["cumulative_regret"];
    }
    *nodes_.regret = number_or_null(e.regret->instant);
    *nodes_.simple_regret = number_or_null(e.regret->simple);
    *nodes_.cumulative_regret = e.regret->cumulative;
  }
}

bool RunRecord::append(std::span<const RecordedEvaluation> batch) {
  lines_.clear();
  for (const RecordedEvaluation& e : batch) {
    fill_line(e);
    lines_ += line_.dump();
    lines_ += '\n';
  }
  // One write per batch: a kill leaves whole lines before it, at most one torn last line.
  if (!append_whole_lines(evaluations_fd_, evaluations_size_, lines_))
    cannot_write("evaluations.jsonl", strerror_text());
  unsynced_ = true;
  if (!sync_.enabled || now() - last_sync_ < sync_.interval_seconds) return false;
  sync_evaluations();
  return true;
}

void RunRecord::sync_evaluations() {
  if (!sync_.enabled || !unsynced_) return;
  if (::fsync(evaluations_fd_) != 0) cannot_write("evaluations.jsonl", strerror_text());
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
  if (!evaluations_closed) cannot_write("evaluations.jsonl", std::strerror(error));
  if (!batches_closed) cannot_write("batches.jsonl", strerror_text());
}

void RunRecord::update(const nlohmann::json& fields) {
  if (evaluations_fd_ >= 0) sync_evaluations();  // run.json never claims more than is durable
  run_.update(fields);
  write_run_json();
}

void RunRecord::write_run_json() {
  try {
    write_file_atomically(folder_ / "run.json", run_.dump(2) + "\n", sync_.enabled);
  } catch (const Error& e) {
    throw Error("cannot write the run record '" + folder_.string() + "': " + e.what());
  }
}

namespace {

// Reads a JSON-lines file, one T per non-empty line; a bad line is an Error naming the
// file, the line and what it should have been.
template <class T, class Parse>
std::vector<T> read_json_lines(const fs::path& file, const char* what, Parse parse) {
  std::ifstream in(file);
  if (!in) throw Error(file.string() + ": cannot read");
  std::vector<T> out;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    try {
      out.push_back(parse(nlohmann::json::parse(line)));
    } catch (const std::exception& e) {
      throw Error(file.string() + ":" + std::to_string(number) + ": not a valid " + what + ": " +
                  e.what());
    }
  }
  return out;
}

}  // namespace

std::vector<BatchTiming> read_batch_timings(const fs::path& file) {
  return read_json_lines<BatchTiming>(file, "batch timing", [](const nlohmann::json& j) {
    return BatchTiming{j.at("batch").get<std::uint64_t>(),
                       j.at("points").get<std::uint64_t>(),
                       j.at("ask_time").get<double>(),
                       j.at("evaluation_time").get<double>(),
                       j.at("tell_time").get<double>(),
                       j.contains("pending")
                           ? std::optional(j.at("pending").get<std::vector<std::uint64_t>>())
                           : std::nullopt};
  });
}

std::vector<RecordedEvaluation> read_evaluations(const fs::path& file) {
  return read_json_lines<RecordedEvaluation>(file, "evaluation", evaluation_from_json);
}

}  // namespace bopp::host
