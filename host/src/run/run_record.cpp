#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/write_all.hpp>
#include <bopp/host/run/run_record.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void cannot_write(const fs::path& path, const std::string& reason) {
  throw Error("cannot write the run record '" + path.string() + "': " + reason);
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

RunRecord::RunRecord(fs::path folder, const toml::table& experiment, nlohmann::json run,
                     bool overwrite, bool sync)
    : folder_(std::move(folder)),
      run_(std::move(run)),
      line_(to_json(RecordedEvaluation{})),
      nodes_(line_),
      sync_(sync) {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec) cannot_write(folder_, ec.message());
  lock_.emplace(folder_, "run");  // before anything in the folder is read or replaced
  const fs::path evaluations = folder_ / "evaluations.jsonl";
  if (!overwrite && fs::exists(evaluations)) {
    throw Error("the output folder '" + folder_.string() +
                "' already holds a run; choose another with --output, or pass --overwrite");
  }
  std::ostringstream toml_text;
  toml_text << "# The resolved experiment: every default filled in. `bopp run` on this file\n"
               "# repeats the run.\n"
            << experiment << "\n";
  write_file_atomically(folder_ / "experiment.toml", toml_text.str(), sync_);
  evaluations_fd_ = ::open(evaluations.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (evaluations_fd_ < 0) cannot_write(evaluations, std::strerror(errno));
  const fs::path batches = folder_ / "batches.jsonl";
  batches_fd_ = ::open(batches.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (batches_fd_ < 0) cannot_write(batches, std::strerror(errno));
  write_run_json();
}

RunRecord::~RunRecord() {
  if (evaluations_fd_ >= 0) ::close(evaluations_fd_);
  if (batches_fd_ >= 0) ::close(batches_fd_);
}

void RunRecord::append_timing(const BatchTiming& t) {
  const nlohmann::json line = {{"batch", t.batch},
                               {"points", t.points},
                               {"ask_time", t.ask_seconds},
                               {"evaluation_time", t.evaluation_seconds},
                               {"tell_time", t.tell_seconds}};
  if (!write_all(batches_fd_, line.dump() + "\n"))
    cannot_write(folder_ / "batches.jsonl", std::strerror(errno));
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

void RunRecord::append(std::span<const RecordedEvaluation> batch) {
  std::string lines;
  for (const RecordedEvaluation& e : batch) {
    fill_line(e);
    lines += line_.dump();
    lines += '\n';
  }
  // One write per batch: a kill leaves whole lines before it, at most one torn last line.
  if (!write_all(evaluations_fd_, lines))
    cannot_write(folder_ / "evaluations.jsonl", std::strerror(errno));
  if (sync_) ::fsync(evaluations_fd_);
}

void RunRecord::update(const nlohmann::json& fields) {
  run_.update(fields);
  write_run_json();
}

void RunRecord::write_run_json() {
  write_file_atomically(folder_ / "run.json", run_.dump(2) + "\n", sync_);
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
    return BatchTiming{j.at("batch").get<std::uint64_t>(), j.at("points").get<std::uint64_t>(),
                       j.at("ask_time").get<double>(), j.at("evaluation_time").get<double>(),
                       j.at("tell_time").get<double>()};
  });
}

std::vector<RecordedEvaluation> read_evaluations(const fs::path& file) {
  return read_json_lines<RecordedEvaluation>(file, "evaluation", evaluation_from_json);
}

}  // namespace bopp::host
