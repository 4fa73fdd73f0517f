// The run record's formats, each owned by one unit of host/run/record: run.json as written at a
// run's start and end and read back (leniently, as shared data), and the writers and lenient
// readers of evaluations.jsonl, batches.jsonl and log.jsonl lines.
#include <bopp/abi.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/record/batch_timing.hpp>
#include <bopp/host/run/record/evaluation_line.hpp>
#include <bopp/host/run/record/log_line.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace bopp::host {
namespace {
namespace key = record_key;

PluginIdentity plugin(const std::string& name, const std::string& sha1) {
  return {name, PluginLibraryIdentity{.plugin_version = "1.0",
                                      .name = "bopp-" + name,
                                      .version = "0.3.0",
                                      .path = "/lib/libbopp-" + name + ".so",
                                      .sha1 = sha1,
                                      .build_id = std::nullopt,
                                      .abi = "1.2"}};
}

RunStart some_start() {
  return {.experiment = "exp.toml",
          .objective = plugin("branin", "aaaa"),
          .algorithm = plugin("gpbo", "bbbb"),
          .problem = std::nullopt,
          .seed = 7,
          .budget = 20,
          .batch = 4,
          .evaluator = "serial",
          .dim = 2,
          .minimize = true,
          .optimum = 0.397887,
          .experiment_sha1 = "cccc",
          .working_folder = "/home/ada/study",
          .initial_design = std::nullopt};
}

RunEnd some_end() {
  RecordedEvaluation best;
  best.index = 3;
  best.x = {0.5, 0.25};
  best.y = 1.5;
  best.ok = true;
  return {.status = RunStatus::completed,
          .message = "",
          .evaluations = 20,
          .failed_evaluations = 1,
          .best = best,
          .recommended = std::vector<double>{0.5, 0.25},
          .regret = RegretSoFar{.instant = 0.0, .simple = 1.1, .cumulative = 9.5},
          .times = {.algorithm_seconds = 0.5,
                    .algorithm_cpu_seconds = 0.375,
                    .evaluation_seconds = 0.25,
                    .total_seconds = 1.0}};
}

nlohmann::json without(nlohmann::json j, const char* field) {
  j.erase(field);
  return j;
}

// The keys and their order, spelled out here as docs/run-record.md gives them: the format a
// reader of old records depends on. The times of day and this build's versions are left out.
TEST(RunJson, TheStartIsTheDocumentedFormat) {
  nlohmann::json start = run_json(some_start());
  EXPECT_TRUE(start.at(key::kStarted).is_string());
  start.erase(key::kStarted);
  start.erase(key::kBoppVersion);  // the build's
  EXPECT_EQ(start.at(key::kAbi),
            std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR));
  start.erase(key::kAbi);
  EXPECT_EQ(
      start.dump(),
      R"({"algorithm":{"abi":"1.2","library":"bopp-gpbo","library_build_id":null,)"
      R"("library_path":"/lib/libbopp-gpbo.so","library_sha1":"bbbb","library_version":)"
      R"("0.3.0","name":"gpbo","version":"1.0"},"batch":4,"best":null,"budget":20,"dim":2,)"
      R"("evaluations":0,"evaluator":"serial","experiment":"exp.toml","experiment_sha1":"cccc",)"
      R"("failed_evaluations":0,)"
      R"("finished":null,"message":"","objective":{"abi":"1.2","library":"bopp-branin",)"
      R"("library_build_id":null,"library_path":"/lib/libbopp-branin.so","library_sha1":)"
      R"("aaaa","library_version":"0.3.0","name":"branin","version":"1.0"},"optimum":)"
      R"(0.397887,"recommended":null,"regret":null,"seed":7,"sense":"minimize",)"
      R"("status":"running","working_folder":"/home/ada/study"})");
}

TEST(RunJson, TheEndIsTheDocumentedFormat) {
  const nlohmann::json end = run_json(some_end());
  EXPECT_TRUE(end.at(key::kFinished).is_string());
  EXPECT_EQ(without(end, key::kFinished).dump(),
            R"({"best":{"index":3,"x":[0.5,0.25],"y":1.5},"evaluations":20,)"
            R"("failed_evaluations":1,"message":"","recommended":[0.5,0.25],)"
            R"("regret":{"cumulative":9.5,"simple":1.1},"status":"completed",)"
            R"("time":{"algorithm":0.5,"algorithm_cpu":0.375,"evaluation":0.25,"total":1.0}})");
  RunEnd none = some_end();
  none.best.reset();
  none.recommended.reset();
  none.regret = RegretSoFar{};  // no evaluation succeeded: no simple regret yet
  const nlohmann::json empty = run_json(none);
  EXPECT_TRUE(empty.at(key::kBest).is_null());
  EXPECT_TRUE(empty.at(key::kRecommended).is_null());
  EXPECT_TRUE(empty.at(key::kRegret).at(key::kSimple).is_null());
  none.regret.reset();
  EXPECT_TRUE(run_json(none).at(key::kRegret).is_null());
}

TEST(RunJson, ACallersObjectiveHasItsNameOnlyAndTheProblemNamesThePlugin) {
  RunStart start = some_start();
  start.problem = std::exchange(start.objective, {"python:f", std::nullopt});
  const nlohmann::json run = run_json(start);
  EXPECT_EQ(run.at(key::kObjective), nlohmann::json({{key::kName, "python:f"}}));
  EXPECT_EQ(run.at(key::kProblem).at(key::kLibrarySha1), "aaaa");
  EXPECT_FALSE(run_json(some_start()).contains(key::kProblem));
}

TEST(RunJson, ReadsBackWhatItWrote) {
  nlohmann::json document = run_json(some_start());
  document.update(run_json(some_end()));
  const RunJson run(document);
  EXPECT_TRUE(run.marks_run_record());
  EXPECT_EQ(run.status(), RunStatus::completed);
  EXPECT_FALSE(run.bopp_version().empty());
  EXPECT_EQ(run.plugin_name(PluginRole::objective), "branin");
  EXPECT_EQ(run.plugin_name(PluginRole::algorithm), "gpbo");
  EXPECT_EQ(run.library_sha1(PluginRole::objective), "aaaa");
  EXPECT_EQ(run.library_sha1(PluginRole::algorithm), "bbbb");
  const RunSummary s = run.summary();
  EXPECT_EQ(s.seed, 7u);
  EXPECT_EQ(s.batch, 4u);
  EXPECT_TRUE(s.minimize);
  EXPECT_EQ(s.optimum, 0.397887);
  EXPECT_EQ(s.objective, "branin");
  EXPECT_EQ(s.algorithm, "gpbo");
  EXPECT_EQ(s.algorithm_seconds, 0.5);
  EXPECT_EQ(s.algorithm_cpu_seconds, 0.375);
  EXPECT_EQ(s.evaluation_seconds, 0.25);
}

TEST(RunJson, AnUnknownCpuTimeIsLeftOutAndReadsAsUnknown) {
  RunEnd end = some_end();
  end.times.algorithm_cpu_seconds = bopp::host::kUnknownSeconds;  // a batch's was not measured
  nlohmann::json document = run_json(some_start());
  document.update(run_json(end));
  EXPECT_FALSE(document.at(key::kTime).contains(key::kAlgorithmCpu));
  EXPECT_TRUE(std::isnan(RunJson(document).summary().algorithm_cpu_seconds));
}

TEST(RunJson, AResumedRunKeepsItsStartAndExperimentFile) {
  nlohmann::json first = run_json(some_start());
  first[key::kStarted] = "2020-01-01T00:00:00Z";
  first.update(run_json(some_end()));
  first[key::kStatus] = "stopped";
  RunStart again = some_start();
  again.experiment = "elsewhere/experiment.toml";
  again.algorithm = plugin("gpbo", "cccc");
  const nlohmann::json resumed = RunJson(first).resumed(again);
  EXPECT_EQ(resumed.at(key::kStarted), "2020-01-01T00:00:00Z");
  EXPECT_EQ(resumed.at(key::kExperiment), "exp.toml");
  EXPECT_EQ(resumed.at(key::kStatus), "running");
  EXPECT_EQ(resumed.at(key::kAlgorithm).at(key::kLibrarySha1), "cccc");
  EXPECT_TRUE(resumed.at(key::kFinished).is_null());
}

// A damaged run.json (any JSON at all) reads as empty texts rather than a JSON type error.
TEST(RunJson, ADamagedRunJsonReadsAsEmptyTexts) {
  const auto read = [](const char* text) { return RunJson(nlohmann::json::parse(text)); };
  EXPECT_EQ(read(R"({"status": "completed"})").status_text(), "completed");
  for (const char* text :
       {R"({"status": 3})", R"({"status": null})", R"({})", R"([1, 2])", R"("completed")"}) {
    EXPECT_EQ(read(text).status_text(), "") << text;
    EXPECT_EQ(read(text).status(), std::nullopt) << text;
    EXPECT_FALSE(read(text).marks_run_record()) << text;
  }
  for (const char* text :
       {R"({"algorithm": "gpbo"})", R"({"algorithm": {"name": 3, "library_sha1": []}})", "[]"}) {
    EXPECT_EQ(read(text).plugin_name(PluginRole::algorithm), "") << text;
    EXPECT_EQ(read(text).library_sha1(PluginRole::algorithm), "") << text;
  }
  EXPECT_FALSE(read(R"({"bopp_version": 1, "status": "running"})").marks_run_record());
  EXPECT_TRUE(read(R"({"bopp_version": "", "status": "running"})").marks_run_record());
  EXPECT_THROW(read(R"({"status": "completed"})").summary(), nlohmann::json::exception);
}

TEST(RunJson, AFolderWithoutAReadableRunJsonHoldsNoRecord) {
  const auto folder = test::fresh_folder("run-json");
  EXPECT_EQ(try_read_run_json(folder), std::nullopt);
  EXPECT_THROW(read_run_json(folder), Error);
  std::ofstream(folder / record_file::kRun) << "{";
  EXPECT_EQ(try_read_run_json(folder), std::nullopt);
  EXPECT_FALSE(holds_run_record(folder));
  nlohmann::json run = nlohmann::json::object();
  mark_as_run_record(run);
  std::ofstream(folder / record_file::kRun) << run.dump();
  EXPECT_TRUE(holds_run_record(folder));
}

// The writer that reuses one JSON object writes what to_json writes, line after line,
// whatever the previous line held.
TEST(EvaluationLine, TheFastWriterWritesWhatToJsonWrites) {
  std::vector<RecordedEvaluation> lines(4);
  lines[0].x = {0.1, 0.2};
  lines[0].y = 1.0;
  lines[0].ok = true;
  lines[0].seed = 11;
  lines[1].index = 1;
  lines[1].x = {0.3};
  lines[1].y = std::nan("");
  lines[1].message = "the objective returned NaN";
  lines[1].seed = 12;
  lines[1].seconds = 0.5;
  lines[2] = lines[0];
  lines[2].index = 2;
  lines[2].regret = RegretSoFar{.instant = std::nan(""), .simple = std::nullopt, .cumulative = 0};
  lines[3] = lines[2];
  lines[3].index = 3;
  lines[3].regret = RegretSoFar{.instant = 0.5, .simple = 0.5, .cumulative = 0.5};
  EvaluationLineWriter writer;
  for (const RecordedEvaluation& e : lines) {
    std::string text;
    writer.append(e, text);
    EXPECT_EQ(text, to_json(e).dump() + "\n") << e.index;
    const RecordedEvaluation back = evaluation_from_json(nlohmann::json::parse(text));
    EXPECT_EQ(back.index, e.index);
    EXPECT_EQ(back.ok, e.ok);
    EXPECT_EQ(back.message, e.message);
    EXPECT_EQ(back.regret.has_value(), e.regret.has_value());
  }
}

TEST(BatchTiming, ALineReadsBackAndItsBatchIsReadLeniently) {
  const BatchTiming t{.batch = 5,
                      .points = 2,
                      .ask_seconds = 0.25,
                      .evaluation_seconds = 0.5,
                      .tell_seconds = 0.125,
                      .pending = std::vector<std::uint64_t>{3, 4}};
  EXPECT_EQ(timed_batch(to_json(t).dump()), 5u);
  EXPECT_FALSE(to_json(BatchTiming{}).contains(key::kPending));
  // CPU times are written when measured, and read back as unknown when absent.
  EXPECT_FALSE(to_json(t).contains(key::kAskCpuTime));
  EXPECT_TRUE(std::isnan(ask_and_tell_time(to_json(t).dump())->cpu));
  EXPECT_EQ(ask_and_tell_time(to_json(t).dump())->wall, 0.375);
  BatchTiming measured = t;
  measured.ask_cpu_seconds = 0.1875;
  measured.tell_cpu_seconds = 0.0625;
  EXPECT_EQ(to_json(measured).at(key::kAskCpuTime), 0.1875);
  EXPECT_EQ(to_json(measured).at(key::kTellCpuTime), 0.0625);
  EXPECT_EQ(ask_and_tell_time(to_json(measured).dump())->cpu, 0.25);
  EXPECT_TRUE(
      std::isnan(ask_and_tell_time(R"({"ask_time": 1, "tell_time": 1, "ask_cpu_time": 1})")->cpu));
  EXPECT_EQ(ask_and_tell_time(R"({"ask_time": 1})"), std::nullopt);
  EXPECT_EQ(timed_batch(R"({"batch": -1})"), std::nullopt);
  EXPECT_EQ(timed_batch(R"({"batch": "5"})"), std::nullopt);
  EXPECT_EQ(timed_batch(R"([5])"), std::nullopt);
  EXPECT_EQ(timed_batch("{\"batch\": 5"), std::nullopt);  // torn
}

TEST(LogLine, ItsEvaluationsAreReadLeniently) {
  EXPECT_EQ(logged_evaluations(log_line(137, "gpbo", BOPP_LOG_INFO, "fitted")), 137u);
  EXPECT_EQ(logged_evaluations(R"({"evaluations": -3})"), std::nullopt);
  EXPECT_EQ(logged_evaluations(R"({"plugin": "gpbo"})"), std::nullopt);
  EXPECT_EQ(logged_evaluations(std::string_view("\0\0\0", 3)), std::nullopt);  // a power loss
}

}  // namespace
}  // namespace bopp::host
