#include <bopp/host/run/record/batch_timing.hpp>
#include <bopp/host/run/record/json_lines.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include <cmath>

namespace bopp::host {
namespace key = record_key;

nlohmann::json to_json(const BatchTiming& t) {
  nlohmann::json line = {{key::kBatch, t.batch},
                         {key::kPoints, t.points},
                         {key::kAskTime, t.ask_seconds},
                         {key::kEvaluationTime, t.evaluation_seconds},
                         {key::kTellTime, t.tell_seconds}};
  if (t.pending) line[key::kPending] = *t.pending;
  return line;
}

std::optional<std::uint64_t> timed_batch(std::string_view line) {
  return unsigned_in_line(line, key::kBatch);
}

std::optional<double> ask_and_tell_seconds(std::string_view line) {
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto ask = j.find(key::kAskTime), tell = j.find(key::kTellTime);
  if (ask == j.end() || tell == j.end() || !ask->is_number() || !tell->is_number())
    return std::nullopt;
  const double a = ask->get<double>(), t = tell->get<double>();
  if (!std::isfinite(a) || !std::isfinite(t) || a < 0 || t < 0) return std::nullopt;
  return a + t;
}

std::vector<BatchTiming> read_batch_timings(const std::filesystem::path& file) {
  return read_json_lines<BatchTiming>(file, "batch timing", [](const nlohmann::json& j) {
    return BatchTiming{j.at(key::kBatch).get<std::uint64_t>(),
                       j.at(key::kPoints).get<std::uint64_t>(),
                       j.at(key::kAskTime).get<double>(),
                       j.at(key::kEvaluationTime).get<double>(),
                       j.at(key::kTellTime).get<double>(),
                       j.contains(key::kPending)
                           ? std::optional(j.at(key::kPending).get<std::vector<std::uint64_t>>())
                           : std::nullopt};
  });
}

}  // namespace bopp::host
