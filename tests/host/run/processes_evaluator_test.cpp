// The processes evaluator: the same records as serial, and a crash, an exit or a hang in the
// objective costs exactly the evaluation that caused it.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/record/run_record.hpp>

#include "crashing_objective_faults.hpp"
#include "quiet_run_options.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>

namespace bopp::host {
namespace {

const PluginRegistry& registry() {
  static const PluginRegistry r({test::plugin_dir(), test::test_plugin_dir("crashing")});
  return r;
}

RunOptions quiet() { return test::quiet_run_options(); }

Experiment experiment(const std::string& objective, const std::string& evaluator,
                      const std::string& folder_name) {
  const std::string text = "[run]\nbudget = 24\nbatch = 6\nseed = 4\n[objective]\n" + objective +
                           "\n[algorithm]\nname = 'random'\n[evaluator]\n" + evaluator + "\n";
  Experiment e = Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder(folder_name) / "record").string();
  e.resolve_plugins(registry());
  return e;
}

std::vector<RecordedEvaluation> evaluations_of(const Experiment& e) {
  return read_evaluations(run_experiment(e, registry(), quiet()).record / "evaluations.jsonl");
}

// The crashing objective's instance and spec, for driving the evaluator directly.
struct CrashingObjective {
  explicit CrashingObjective(const std::string& config = "") : config(config) {}
  std::string config;
  HostServices services{"crashing_objective", stderr_log_sink(BOPP_LOG_ERROR), nullptr, 1};
  ObjectiveSpec spec =
      ObjectiveSpec::of(registry().objective("crashing_objective"), config, /*seed=*/1);
  std::unique_ptr<Objective> objective = make_objective(spec, registry(), services);

  std::unique_ptr<Evaluator> evaluator(std::uint32_t workers, double timeout_s,
                                       std::uint64_t memory_mb = 0) {
    return make_processes_evaluator(
        {workers, *objective, spec, registry(), services, timeout_s, memory_mb});
  }
};

std::vector<Evaluation> evaluate(Evaluator& evaluator, const bopp::Points& X) {
  std::vector<Evaluation> out(static_cast<std::size_t>(X.rows()));
  std::vector<std::uint64_t> seeds(out.size(), 7);
  evaluator.evaluate(X, seeds, out);
  return out;
}

TEST(ProcessesEvaluator, GivesTheSerialRecordBitForBitOnANoisyObjective) {
  const std::string objective =
      "name = 'gpsample'\nkind = 'posterior_mean'\ndim = 3\nseed = 2\nnoise_std = 0.3";
  const auto serial = evaluations_of(experiment(objective, "kind = 'serial'", "serial"));
  const auto parallel =
      evaluations_of(experiment(objective, "kind = 'processes'\nworkers = 2", "processes"));
  ASSERT_EQ(serial.size(), 24u);
  ASSERT_EQ(parallel.size(), 24u);
  for (std::size_t i = 0; i < serial.size(); ++i) {
    ASSERT_TRUE(parallel[i].ok) << parallel[i].message;
    EXPECT_EQ(serial[i].x, parallel[i].x) << i;
    EXPECT_EQ(std::memcmp(&serial[i].y, &parallel[i].y, sizeof(double)), 0) << i;
    EXPECT_EQ(serial[i].seed, parallel[i].seed) << i;
  }
}

TEST(ProcessesEvaluator, CrashExitAndHangCostExactlyTheirOwnEvaluations) {
  CrashingObjective crashing;
  const auto evaluator = crashing.evaluator(2, /*timeout_s=*/0.5);
  bopp::Points X(9, 2);
  X << 0.5, 0.1,  //
      0.05, 0.5,  // segmentation fault
      0.6, 0.2,   //
      0.15, 0.5,  // abort
      0.7, 0.3,   //
      0.25, 0.5,  // exit(3)
      0.8, 0.4,   //
      0.35, 0.5,  // endless loop
      0.9, 0.5;
  const std::map<Eigen::Index, std::string> expected = {
      {1, "worker killed by signal 11 (Segmentation fault) while evaluating"},
      {3, "worker killed by signal 6 (Aborted) while evaluating"},
      {5, "worker exited with status 3 while evaluating"},
      {7, "evaluation timed out after 0.5 s; worker killed"}};
  // Twice: the second batch runs on the workers that replaced the dead ones.
  for (int round = 0; round < 2; ++round) {
    const std::vector<Evaluation> out = evaluate(*evaluator, X);
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      const Evaluation& e = out[static_cast<std::size_t>(r)];
      if (const auto failure = expected.find(r); failure != expected.end()) {
        EXPECT_FALSE(e.ok) << r;
        EXPECT_TRUE(std::isnan(e.y)) << r;
        EXPECT_EQ(e.message, failure->second) << r;
      } else {
        EXPECT_TRUE(e.ok) << r << ": " << e.message;
        EXPECT_EQ(e.y, X(r, 0) + X(r, 1)) << r;
      }
    }
  }
}

TEST(ProcessesEvaluator, ListenerHearsEveryResultOnceAsItLandsCrashesIncluded) {
  CrashingObjective crashing;
  std::map<std::size_t, std::vector<Evaluation>> heard;
  const auto evaluator = make_processes_evaluator(
      crashing.spec, 2, /*timeout_s=*/0.0, /*memory_mb=*/0,
      [&heard](std::size_t row, const Evaluation& e) { heard[row].push_back(e); });
  bopp::Points X(5, 2);
  X << 0.5, 0.1,  //
      0.05, 0.5,  // segmentation fault
      0.6, 0.2,   //
      0.25, 0.5,  // exit(3)
      0.7, 0.3;
  const std::vector<Evaluation> out = evaluate(*evaluator, X);
  ASSERT_EQ(heard.size(), out.size());
  for (const auto& [row, results] : heard) {
    ASSERT_EQ(results.size(), 1u) << row;
    EXPECT_EQ(results[0].ok, out[row].ok) << row;
    EXPECT_EQ(results[0].message, out[row].message) << row;
    if (out[row].ok) {
      EXPECT_EQ(results[0].y, out[row].y) << row;
    }
  }
  EXPECT_FALSE(heard[1][0].ok);
  EXPECT_FALSE(heard[3][0].ok);
}

TEST(ProcessesEvaluator, RunOnACrashingObjectiveCompletesWithOnlyTheCrashesFailed) {
  const RunResult r =
      run_experiment(experiment("name = 'crashing_objective'",
                                "kind = 'processes'\nworkers = 2\ntimeout_s = 0.3", "crashing"),
                     registry(), quiet());
  EXPECT_EQ(r.status, RunStatus::completed);
  const auto lines = read_evaluations(r.record / "evaluations.jsonl");
  ASSERT_EQ(lines.size(), 24u);
  std::uint64_t failed = 0;
  for (const auto& l : lines) {
    EXPECT_EQ(l.ok, l.x[0] >= 0.4) << l.x[0] << ": " << l.message;
    if (!l.ok) ++failed;
    const char* reason = test::crashing_objective_fault(l.x[0]);
    EXPECT_NE(l.message.find(reason), std::string::npos) << l.message;
  }
  EXPECT_GT(failed, 0u);
  EXPECT_EQ(r.failed_evaluations, failed);
}

// Runs `body` with BOPP_WORKER set to `value`, restoring it after.
template <class Body>
void with_worker_program(const char* value, Body body) {
  const char* old = std::getenv("BOPP_WORKER");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("BOPP_WORKER", value, 1);
  body();
  if (old != nullptr) {
    ::setenv("BOPP_WORKER", saved.c_str(), 1);
  } else {
    ::unsetenv("BOPP_WORKER");
  }
}

TEST(ProcessesEvaluator, WorkersThatCannotStartAreAOneLineError) {
  CrashingObjective crashing;
  with_worker_program("/nonexistent/bopp-worker", [&] {
    try {
      crashing.evaluator(2, 0.0);
      FAIL() << "started workers from a missing program";
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("cannot start worker /nonexistent/bopp-worker"), std::string::npos)
          << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  });
}

TEST(ProcessesEvaluator, ObjectiveThatNeverFinishesCreateInAWorkerIsBoundedByTheTimeout) {
  // The test's own instance holds the lock the worker's instance waits for.
  const std::string lock = (test::fresh_folder("create-hang") / "licence").string();
  CrashingObjective crashing("lock_file = '" + lock + "'");
  try {
    crashing.evaluator(1, /*timeout_s=*/0.3);
    FAIL() << "a worker that never made its objective was taken as started";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("objective 'crashing_objective' was not made within 5 s (timeout_s, "
                           "at least 5 s)"),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ProcessesEvaluator, RunWhoseObjectiveHangsInAWorkersCreateIsRefusedInOneLine) {
  const std::string lock = (test::fresh_folder("create-hang-run") / "licence").string();
  // The run's own instance (made in the host, before the workers) holds the lock.
  const Experiment e =
      experiment("name = 'crashing_objective'\nlock_file = '" + lock + "'",
                 "kind = 'processes'\nworkers = 2\ntimeout_s = 0.3", "create-hang-record");
  try {
    run_experiment(e, registry(), quiet());
    FAIL() << "the run went on without its workers";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("objective 'crashing_objective'"), std::string::npos)
        << error.what();
  }
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(e.output) / "run.json"))
      << "a refused run left a record";
}

TEST(ProcessesEvaluator, MemoryLimitAppliesToTheWorker) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space, so RLIMIT_AS cannot hold";
#endif
  // 1 MiB of address space cannot even hold the worker's libraries: the limit is in force.
  CrashingObjective crashing;
  EXPECT_THROW(crashing.evaluator(1, 0.0, /*memory_mb=*/1), Error);
  EXPECT_NO_THROW(crashing.evaluator(1, 0.0, /*memory_mb=*/4096));
}

TEST(ProcessesEvaluator, AllocationBeyondTheMemoryLimitFailsThatEvaluation) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space, so RLIMIT_AS cannot hold";
#endif
  // 1 GiB per evaluation: refused in a worker capped at 512 MiB; the host itself has no cap.
  CrashingObjective crashing("allocate_mb = 1024");
  const auto evaluator = crashing.evaluator(1, 0.0, /*memory_mb=*/512);
  bopp::Points X(2, 2);
  X << 0.5, 0.1, 0.6, 0.2;
  for (const Evaluation& e : evaluate(*evaluator, X)) {
    EXPECT_FALSE(e.ok);
    EXPECT_NE(e.message.find("bad_alloc"), std::string::npos) << e.message;
  }
  EXPECT_TRUE(crashing.objective->evaluate(std::vector<double>{0.5, 0.1}, 1).ok);
}

}  // namespace
}  // namespace bopp::host
