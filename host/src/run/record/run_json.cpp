#include <bopp/abi.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_file.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include <cmath>
#include <ctime>
#include <string>

namespace bopp::host {
namespace fs = std::filesystem;
namespace key = record_key;
namespace {

constexpr const char* kMinimize = "minimize";
constexpr const char* kMaximize = "maximize";

// The time run.json gives a run's start and end: UTC, ISO 8601, to the second.
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

template <class T>
nlohmann::json value_or_null(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json identity_json(const PluginIdentity& identity) {
  nlohmann::json j = {{key::kName, identity.name}};
  if (const auto& l = identity.library) {
    j[key::kVersion] = l->plugin_version;
    j[key::kLibrary] = l->name;
    j[key::kLibraryVersion] = l->version;
    j[key::kLibraryPath] = l->path;
    j[key::kLibrarySha1] = l->sha1;
    j[key::kLibraryBuildId] = value_or_null(l->build_id);
    j[key::kAbi] = l->abi;
  }
  return j;
}

nlohmann::json best_json(const std::optional<RecordedEvaluation>& best) {
  if (!best) return nullptr;
  return {{key::kIndex, best->index}, {key::kX, best->x}, {key::kY, best->y}};
}

// The run's final regret, null when the objective declares no optimum.
nlohmann::json regret_json(const std::optional<RegretSoFar>& regret) {
  if (!regret) return nullptr;
  return {{key::kSimple, value_or_null(regret->simple)}, {key::kCumulative, regret->cumulative}};
}

const char* role_key(PluginRole role) {
  return role == PluginRole::objective ? key::kObjective : key::kAlgorithm;
}

// `time`: the CPU time only where every batch's was measured.
nlohmann::json times_json(const RunTimes& times) {
  nlohmann::json t = {{key::kAlgorithm, times.algorithm_seconds},
                      {key::kEvaluation, times.evaluation_seconds},
                      {key::kTotal, times.total_seconds}};
  if (std::isfinite(times.algorithm_cpu_seconds))
    t[key::kAlgorithmCpu] = times.algorithm_cpu_seconds;
  return t;
}

}  // namespace

nlohmann::json run_json(const RunStart& start) {
  nlohmann::json run = {
      {key::kBoppVersion, BOPP_VERSION},
      {key::kAbi, std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR)},
      {key::kExperiment, start.experiment},
      {key::kWorkingFolder, start.working_folder},
      {key::kObjective, identity_json(start.objective)},
      {key::kAlgorithm, identity_json(start.algorithm)},
      {key::kSeed, start.seed},
      {key::kBudget, start.budget},
      {key::kBatch, start.batch},
      {key::kEvaluator, start.evaluator},
      {key::kDim, start.dim},
      {key::kSense, start.minimize ? kMinimize : kMaximize},
      {key::kOptimum, value_or_null(start.optimum)},
      {key::kExperimentSha1, start.experiment_sha1},
      {key::kStatus, to_string(RunStatus::running)},
      {key::kMessage, ""},
      {key::kStarted, utc_now()},
      {key::kFinished, nullptr},
      {key::kEvaluations, 0},
      {key::kFailedEvaluations, 0},
      {key::kBest, nullptr},
      {key::kRecommended, nullptr},
      {key::kRegret, nullptr},
  };
  if (start.problem) run[key::kProblem] = identity_json(*start.problem);
  if (const auto& d = start.initial_design) {
    nlohmann::json design = {{key::kPoints, d->points}, {key::kKind, d->kind}};
    if (!d->path.empty()) design[key::kPath] = d->path;
    run[key::kInitialDesign] = design;
  }
  return run;
}

nlohmann::json run_json(const RunEnd& end) {
  return {{key::kStatus, to_string(end.status)},
          {key::kMessage, end.message},
          {key::kFinished, utc_now()},
          {key::kEvaluations, end.evaluations},
          {key::kFailedEvaluations, end.failed_evaluations},
          {key::kBest, best_json(end.best)},
          {key::kRecommended, value_or_null(end.recommended)},
          {key::kRegret, regret_json(end.regret)},
          {key::kTime, times_json(end.times)}};
}

void mark_as_run_record(nlohmann::json& run) {
  if (!run.contains(key::kBoppVersion)) run[key::kBoppVersion] = BOPP_VERSION;
  if (!run.contains(key::kStatus)) run[key::kStatus] = to_string(RunStatus::running);
}

bool RunJson::marks_run_record() const {
  if (!document_.is_object()) return false;
  const auto version = document_.find(key::kBoppVersion);
  return version != document_.end() && version->is_string() && status().has_value();
}

std::string RunJson::status_text() const {
  if (!document_.is_object()) return "";
  const auto status = document_.find(key::kStatus);
  return status != document_.end() && status->is_string() ? status->get<std::string>() : "";
}

std::string RunJson::bopp_version() const {
  if (!document_.is_object()) return "";
  const auto version = document_.find(key::kBoppVersion);
  return version != document_.end() && version->is_string() ? version->get<std::string>() : "";
}

std::string RunJson::working_folder() const {
  if (!document_.is_object()) return "";
  const auto folder = document_.find(key::kWorkingFolder);
  return folder != document_.end() && folder->is_string() ? folder->get<std::string>() : "";
}

std::string RunJson::text_in(PluginRole role, const char* field) const {
  if (!document_.is_object()) return "";
  const auto s = document_.find(role_key(role));
  if (s == document_.end() || !s->is_object()) return "";
  const auto k = s->find(field);
  return k != s->end() && k->is_string() ? k->get<std::string>() : "";
}

std::string RunJson::plugin_name(PluginRole role) const { return text_in(role, key::kName); }

std::string RunJson::library_sha1(PluginRole role) const {
  return text_in(role, key::kLibrarySha1);
}

RunSummary RunJson::summary() const {
  const nlohmann::json& run = document_;
  RunSummary s;
  s.seed = run.at(key::kSeed).get<std::uint64_t>();
  s.batch = run.at(key::kBatch).get<std::uint64_t>();
  s.minimize = run.at(key::kSense).get<std::string>() == kMinimize;
  if (!run.at(key::kOptimum).is_null()) s.optimum = run[key::kOptimum].get<double>();
  s.objective = run.at(key::kObjective).at(key::kName).get<std::string>();
  s.algorithm = run.at(key::kAlgorithm).at(key::kName).get<std::string>();
  s.algorithm_seconds = run.at(key::kTime).at(key::kAlgorithm).get<double>();
  s.evaluation_seconds = run.at(key::kTime).at(key::kEvaluation).get<double>();
  if (const auto cpu = run.at(key::kTime).find(key::kAlgorithmCpu); cpu != run.at(key::kTime).end())
    s.algorithm_cpu_seconds = cpu->get<double>();
  return s;
}

std::optional<std::string> RunJson::start_difference(const RunStart& start) const {
  const nlohmann::json now = run_json(start);
  for (const char* field : {key::kSeed, key::kBudget, key::kBatch, key::kDim, key::kSense,
                            key::kOptimum, key::kExperimentSha1}) {
    const auto recorded = document_.find(field);
    if (recorded == document_.end()) {
      if (field == key::kExperimentSha1) continue;
      return std::string("run.json has no `") + field + "`, the experiment gives " +
             now.at(field).dump();
    }
    if (*recorded != now.at(field)) {
      return std::string("run.json has ") + field + " = " + recorded->dump() +
             ", the experiment and its plugins give " + now.at(field).dump();
    }
  }
  return std::nullopt;
}

nlohmann::json RunJson::resumed(const RunStart& start) const {
  nlohmann::json fields = run_json(start);
  fields.erase(key::kStarted);
  fields.erase(key::kExperiment);
  fields.erase(key::kWorkingFolder);
  nlohmann::json run = document_;
  run.update(fields);
  return run;
}

RunJson read_run_json(const fs::path& folder) {
  return RunJson(read_json_file(folder / record_file::kRun));
}

std::optional<RunJson> try_read_run_json(const fs::path& folder) {
  try {
    return read_run_json(folder);
  } catch (const Error&) {
    return std::nullopt;
  }
}

bool holds_run_record(const fs::path& folder) {
  const std::optional<RunJson> run = try_read_run_json(folder);
  return run && run->marks_run_record();
}

}  // namespace bopp::host
