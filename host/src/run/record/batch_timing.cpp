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
  if (!std::isnan(t.ask_cpu_seconds)) line[key::kAskCpuTime] = t.ask_cpu_seconds;
  if (!std::isnan(t.tell_cpu_seconds)) line[key::kTellCpuTime] = t.tell_cpu_seconds;
  if (t.pending) line[key::kPending] = *t.pending;
  return line;
}

std::optional<std::uint64_t> timed_batch(std::string_view line) {
  return unsigned_in_line(line, key::kBatch);
}

namespace {

// The sum of two fields of `j`, when both are numbers, finite and not negative.
std::optional<double> sum_of_times(const nlohmann::json& j, const char* first, const char* second) {
  const auto a = j.find(first), b = j.find(second);
  if (a == j.end() || b == j.end() || !a->is_number() || !b->is_number()) return std::nullopt;
  const double x = a->get<double>(), y = b->get<double>();
  if (!std::isfinite(x) || !std::isfinite(y) || x < 0 || y < 0) return std::nullopt;
  return x + y;
}

// A CPU time field of a line, unknown when missing.
double cpu_seconds(const nlohmann::json& j, const char* field) {
  const auto f = j.find(field);
  return f == j.end() ? kUnknownSeconds : f->get<double>();
}

}  // namespace

std::optional<TimeSpent> ask_and_tell_time(std::string_view line) {
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const std::optional<double> wall = sum_of_times(j, key::kAskTime, key::kTellTime);
  if (!wall) return std::nullopt;
  return TimeSpent{*wall,
                   sum_of_times(j, key::kAskCpuTime, key::kTellCpuTime).value_or(kUnknownSeconds)};
}

std::vector<BatchTiming> read_batch_timings(const std::filesystem::path& file) {
  return read_json_lines<BatchTiming>(file, "batch timing", [](const nlohmann::json& j) {
    return BatchTiming{j.at(key::kBatch).get<std::uint64_t>(),
                       j.at(key::kPoints).get<std::uint64_t>(),
                       j.at(key::kAskTime).get<double>(),
                       j.at(key::kEvaluationTime).get<double>(),
                       j.at(key::kTellTime).get<double>(),
                       cpu_seconds(j, key::kAskCpuTime),
                       cpu_seconds(j, key::kTellCpuTime),
                       j.contains(key::kPending)
                           ? std::optional(j.at(key::kPending).get<std::vector<std::uint64_t>>())
                           : std::nullopt};
  });
}

}  // namespace bopp::host
