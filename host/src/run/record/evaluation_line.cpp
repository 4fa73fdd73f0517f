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

std::optional<double> optional_number(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<double>();
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
  return j;
}

RecordedEvaluation evaluation_from_json(const nlohmann::json& j) {
  RecordedEvaluation e;
  e.index = j.at(key::kIndex).get<std::uint64_t>();
  e.batch = j.at(key::kBatch).get<std::uint64_t>();
  e.x = j.at(key::kX).get<std::vector<double>>();
  e.ok = j.at(key::kStatus).get<std::string>() == kOk;
  e.y = e.ok ? j.at(key::kY).get<double>() : std::nan("");
  e.message = j.value(key::kMessage, "");
  e.seed = j.at(key::kSeed).get<std::uint64_t>();
  e.seconds = j.value(key::kTime, 0.0);
  if (j.contains(key::kCumulativeRegret)) {
    RegretSoFar r;
    r.instant = optional_number(j, key::kRegret).value_or(std::nan(""));
    r.simple = optional_number(j, key::kSimpleRegret);
    r.cumulative = j.at(key::kCumulativeRegret).get<double>();
    e.regret = r;
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
