#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_text.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/json_lines.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include <cmath>

namespace bopp::host {
namespace key = record_key;
namespace {

constexpr const char* kOk = "ok";
constexpr const char* kFailed = "failed";

nlohmann::json number_or_null(double v) {
  return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

nlohmann::json number_or_null(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// The record is read back by resume and report: a field of another type or out of its
// vocabulary is an error naming the field, never a value guessed from it (nlohmann's get would
// cut 3.5 to 3 and read any status but "ok" as a failure).
[[noreturn]] void bad_field(const char* key, const std::string& expected) {
  throw Error(std::string("`") + key + "` is not " + expected);
}

std::uint64_t whole_number(const nlohmann::json& j, const char* key) {
  const nlohmann::json& v = j.at(key);
  if (!v.is_number_unsigned()) bad_field(key, "a whole number of at least 0");
  return v.get<std::uint64_t>();
}

double finite_number(const nlohmann::json& v, const char* key) {
  if (!v.is_number() || !std::isfinite(v.get<double>())) bad_field(key, "a finite number");
  return v.get<double>();
}

std::optional<double> optional_number(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return finite_number(*it, key);
}

}  // namespace

nlohmann::json to_json(const RecordedEvaluation& e) {
  nlohmann::json j;
  j[key::kIndex] = e.index;
  j[key::kBatch] = e.batch;
  j[key::kX] = e.x;
  j[key::kY] = e.ok ? nlohmann::json(e.y) : nlohmann::json(nullptr);
  j[key::kStatus] = e.ok ? kOk : kFailed;
  j[key::kMessage] = e.message;
  j[key::kSeed] = e.seed;
  j[key::kTime] = e.seconds;
  if (e.regret) {
    j[key::kRegret] = number_or_null(e.regret->instant);
    j[key::kSimpleRegret] = number_or_null(e.regret->simple);
    j[key::kCumulativeRegret] = e.regret->cumulative;
  }
  if (e.design) j[key::kDesign] = true;
  return j;
}

RecordedEvaluation evaluation_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw Error("not a JSON object");
  RecordedEvaluation e;
  e.index = whole_number(j, key::kIndex);
  e.batch = whole_number(j, key::kBatch);
  const nlohmann::json& x = j.at(key::kX);
  if (!x.is_array()) bad_field(key::kX, "an array of numbers");
  for (const nlohmann::json& v : x) e.x.push_back(finite_number(v, key::kX));
  const nlohmann::json& status = j.at(key::kStatus);
  if (status == kOk) {
    e.ok = true;
  } else if (status != kFailed) {
    bad_field(key::kStatus, "\"ok\" or \"failed\"");
  }
  const nlohmann::json& y = j.at(key::kY);
  if (e.ok) {
    e.y = finite_number(y, key::kY);
  } else {
    if (!y.is_null()) bad_field(key::kY, "null for a failed evaluation");
    e.y = std::nan("");
  }
  if (const auto it = j.find(key::kMessage); it != j.end()) {
    if (!it->is_string()) bad_field(key::kMessage, "a string");
    e.message = it->get<std::string>();
  }
  e.seed = whole_number(j, key::kSeed);
  if (const auto it = j.find(key::kTime); it != j.end()) {
    e.seconds = finite_number(*it, key::kTime);
    if (e.seconds < 0.0) bad_field(key::kTime, "a number of seconds of at least 0");
  }
  if (j.contains(key::kCumulativeRegret)) {
    RegretSoFar r;
    r.instant = optional_number(j, key::kRegret).value_or(std::nan(""));
    r.simple = optional_number(j, key::kSimpleRegret);
    r.cumulative = finite_number(j.at(key::kCumulativeRegret), key::kCumulativeRegret);
    e.regret = r;
  }
  if (const auto it = j.find(key::kDesign); it != j.end()) {
    if (!it->is_boolean()) bad_field(key::kDesign, "true or false");
    e.design = it->get<bool>();
  }
  return e;
}

EvaluationLineWriter::EvaluationLineWriter()
    : line_(to_json(RecordedEvaluation{})),
      index_(&line_[key::kIndex]),
      batch_(&line_[key::kBatch]),
      x_(&line_[key::kX].get_ref<nlohmann::json::array_t&>()),
      y_(&line_[key::kY]),
      status_(&line_[key::kStatus].get_ref<std::string&>()),
      message_(&line_[key::kMessage].get_ref<std::string&>()),
      seed_(&line_[key::kSeed]),
      time_(&line_[key::kTime]) {}

void EvaluationLineWriter::fill(const RecordedEvaluation& e) {
  *index_ = e.index;
  *batch_ = e.batch;
  x_->resize(e.x.size());
  for (std::size_t k = 0; k < e.x.size(); ++k) (*x_)[k] = e.x[k];
  *y_ = e.ok ? nlohmann::json(e.y) : nlohmann::json(nullptr);
  *status_ = e.ok ? kOk : kFailed;
  *message_ = e.message;
  *seed_ = e.seed;
  *time_ = e.seconds;
  if (e.regret) {
    if (regret_ == nullptr) {  // map nodes never move, so the pointers above stay valid
      regret_ = &line_[key::kRegret];
      simple_regret_ = &line_[key::kSimpleRegret];
      cumulative_regret_ = &line_[key::kCumulativeRegret];
    }
    *regret_ = number_or_null(e.regret->instant);
    *simple_regret_ = number_or_null(e.regret->simple);
    *cumulative_regret_ = e.regret->cumulative;
  }
  // A design's lines come first: once a line is not one, none after it is.
  if (e.design && design_ == nullptr) design_ = &line_[key::kDesign];
  if (design_ != nullptr) {
    if (e.design) {
      *design_ = true;
    } else {
      line_.erase(key::kDesign);
      design_ = nullptr;
    }
  }
}

void EvaluationLineWriter::append(const RecordedEvaluation& e, std::string& text) {
  fill(e);
  text += json_text(line_);
  text += '\n';
}

std::vector<RecordedEvaluation> read_evaluations(const std::filesystem::path& file) {
  return read_json_lines<RecordedEvaluation>(file, "evaluation", evaluation_from_json);
}

}  // namespace bopp::host
