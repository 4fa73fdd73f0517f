#include <bopp/ext/pending_asks.h>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/out_of_memory.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/common/sha1_digest.hpp>
#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/loop/ask_tell.hpp>
#include <bopp/host/run/loop/async_loop.hpp>
#include <bopp/host/run/loop/batch_loop.hpp>
#include <bopp/host/run/loop/checkpoints.hpp>
#include <bopp/host/run/loop/initial_design.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_footprint.hpp>
#include <bopp/host/run/loop/run_loop.hpp>
#include <bopp/host/run/loop/run_replay.hpp>
#include <bopp/host/run/loop/seeds.hpp>
#include <bopp/host/run/record/progress.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_json.hpp>
#include <bopp/host/run/record/run_log.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <map>
#include <new>
#include <span>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

using Clock = std::chrono::steady_clock;

template <class Entry>
PluginIdentity plugin_identity(const Entry& entry) {
  const PluginLibrary& library = *entry.library;
  return {
      entry.table->name,
      PluginLibraryIdentity{
          .plugin_version = entry.table->version ? entry.table->version : "",
          .name = library.name(),
          .version = library.version(),
          .path = library.path().string(),
          .sha1 = library.file_sha1(),
          .build_id = library.build_id().empty() ? std::nullopt : std::optional(library.build_id()),
          .abi = std::to_string(library.abi_major()) + "." + std::to_string(library.abi_minor())}};
}

// Where relative paths are taken from now, absolute ("" when it cannot be known).
std::string working_folder() {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::current_path(ec);
  return ec ? std::string() : folder.string();
}

// What run.json says as the run starts: who runs what.
RunStart run_start(const Experiment& experiment, const ObjectiveEntry& objective,
                   const AlgorithmEntry& algorithm, const Evaluator& evaluator,
                   const bopp::Problem& problem) {
  return {.experiment = experiment.source,
          .objective = plugin_identity(objective),
          .algorithm = plugin_identity(algorithm),
          .problem = std::nullopt,
          .seed = experiment.seed,
          .budget = experiment.budget,
          .batch = experiment.batch,
          .evaluator = evaluator.describe(),
          .dim = static_cast<std::uint64_t>(problem.dim()),
          .minimize = problem.sense == bopp::Sense::minimize,
          .optimum = problem.optimum_value,
          .experiment_sha1 = {},
          .working_folder = working_folder(),
          .initial_design = std::nullopt};
}

// What run.json says once the run has ended.
RunEnd run_end(const RunResult& result, const RunTimes& times) {
  RunEnd end{.status = result.status,
             .message = result.message,
             .evaluations = result.evaluations,
             .failed_evaluations = result.failed_evaluations,
             .best = result.best,
             .recommended = std::nullopt,
             .regret = result.regret,
             .times = times};
  if (result.recommended.size() > 0)
    end.recommended.emplace(result.recommended.begin(), result.recommended.end());
  return end;
}

// Runs until the budget is spent, the user stops, or an Error ends the run (status
// `failed`, with its message); a batch a replay found cut (`cut`) is finished first.
void run_to_end(RunLoop& loop, std::optional<AskedBatch> cut, RunResult& result) {
  result.status = RunStatus::completed;
  try {
    if (cut) {
      finish_batch(loop, *cut, result);
      loop.after_batch(result, false);
    }
    if (loop.experiment().async) {
      // The design is one batch, told whole, before the asynchronous asks.
      if (loop.design_batch() && result.evaluations < loop.experiment().budget) {
        AskedBatch design = ask_batch(loop, result);
        finish_batch(loop, design, result);
        loop.show_progress(result);
      }
      run_async(loop, result);
    } else {
      run_batches(loop, result);
    }
  } catch (const Error& e) {
    result.status = RunStatus::failed;
    result.message = e.what();
  } catch (const std::bad_alloc&) {
    result.status = RunStatus::failed;
    result.message = "the host: out of memory in batch " + std::to_string(loop.batch());
  }
  if (result.status != RunStatus::failed) loop.recommend(result);
  loop.finish_progress();
}

// Makes everything recorded durable and closes it before run.json says how the run ended; a
// failure here (a full disk) fails the run, with a message naming the folder.
void close_record(RunRecord& record, RunLog& log, RunResult& result) {
  try {
    log.flush();
    record.close_files();
  } catch (const Error& e) {
    if (result.status == RunStatus::failed) return;
    result.status = RunStatus::failed;
    result.message = e.what();
  }
}

// A run from its start, or (`recorded` set) the continuation of the run a record holds.
// The replay checks every recorded x and each line's regret against its y, but not a y the
// replay's points do not depend on (any line of a random search, the last batch of a model):
// the best one, which the run reports, is evaluated again and must come back to the bit.
void recheck(Evaluator& evaluator, const RecordedEvaluation& best) {
  bopp::Points X(1, static_cast<Eigen::Index>(best.x.size()));
  std::copy(best.x.begin(), best.x.end(), X.data());
  const std::uint64_t seed = best.seed;
  Evaluation again;
  evaluator.evaluate(X, std::span(&seed, 1), std::span(&again, 1));
  if (again.ok && std::memcmp(&again.y, &best.y, sizeof again.y) == 0) return;
  throw Error("evaluation " + std::to_string(best.index) +
              " differs from the record: the record's best y = " + nlohmann::json(best.y).dump() +
              ", the objective evaluated again at its x and seed gives " +
              (again.ok ? "y = " + nlohmann::json(again.y).dump() : "a failure: " + again.message) +
              " (for an objective that is not a function of the point and its seed, resume with "
              "--no-recheck); the record is left as it was");
}

RunResult run_or_continue(const Experiment& experiment, const PluginRegistry& registry,
                          const RunOptions& options, const RecordedRun* recorded,
                          bool recheck_best) {
  const auto run_started = Clock::now();
  const ObjectiveEntry& objective_entry = registry.objective(experiment.objective.name);
  const AlgorithmEntry& algorithm_entry = registry.algorithm(experiment.algorithm.name);
  const std::uint32_t threads = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t ceiling =
      options.memory_ceiling > 0 ? options.memory_ceiling : run_memory_ceiling();
  // Sizes are checked before anything is made: the configured dimension first, then the
  // dimension the objective reports, before the record exists.
  const std::optional<std::uint64_t> dim = configured_dim(experiment);
  const std::string dim_key = dim ? "[objective] dim" : "";
  if (dim) check_run_fits(experiment, *dim, dim_key, ceiling);

  // Declared first, so it outlives the plugins: they may log until they are destroyed.
  RunLog log;
  // A resumed run's plugins say again what the recorded run's said while it was created and
  // replayed: the record's log.jsonl holds those lines already, and the terminal showed them.
  std::atomic<bool> replaying = recorded != nullptr && recorded->log_bytes > 0;
  const LogSink sink = [&log, &replaying, terminal = options.log](std::int32_t level,
                                                                  const std::string& plugin,
                                                                  const std::string& message) {
    if (replaying.load()) return;
    log.write(level, plugin, message);
    if (terminal) terminal(level, plugin, message);
  };
  HostServices objective_services(experiment.objective.name, sink, options.stop, threads);
  HostServices algorithm_services(experiment.algorithm.name, sink, options.stop, threads);
  const ObjectiveSpec objective_spec =
      run_objective_spec(objective_entry, experiment.objective.config_text(), experiment.seed);
  std::unique_ptr<Objective> objective =
      make_run_objective(objective_spec, registry, objective_services);
  const bopp::Problem& problem = objective->problem();
  const auto problem_dim = static_cast<std::uint64_t>(problem.dim());
  check_run_fits(experiment, problem_dim, dim == problem_dim ? dim_key : "", ceiling);
  std::unique_ptr<Algorithm> algorithm =
      make_run_algorithm(algorithm_entry, problem, experiment.algorithm.config_text(),
                         experiment.seed, algorithm_services);
  const CheckpointOwner owner{algorithm_entry.name(),
                              algorithm_entry.table->version ? algorithm_entry.table->version : "",
                              algorithm_entry.library->file_sha1()};
  RestoredState restored;
  if (recorded != nullptr) {
    restored = restore_checkpoint(*recorded, experiment, *algorithm, owner);
    if (restored.spoiled) {
      algorithm.reset();  // a refused state leaves the instance unusable: a fresh one replays
      algorithm = make_run_algorithm(algorithm_entry, problem, experiment.algorithm.config_text(),
                                     experiment.seed, algorithm_services);
    }
    if (!restored.not_used.empty() && options.log) {
      options.log(BOPP_LOG_WARNING, "bopp", checkpoint_not_used_line(*recorded, restored.not_used));
    }
  }
  if (experiment.async && !algorithm->asks_with_pending()) {
    throw Error(experiment.source + ": [evaluator] async = true, but algorithm '" +
                algorithm_entry.name() + "' (" +
                algorithm_entry.library->path().filename().string() +
                ") cannot be asked while points are pending (it does not offer " +
                BOPP_EXTENSION_PENDING_ASKS +
                "); remove async, or use batch > 1 to evaluate "
                "in parallel");
  }
  std::unique_ptr<Evaluator> own_evaluator;
  if (options.caller_evaluator != nullptr &&
      std::ranges::find(options.caller_evaluator_kinds, experiment.evaluator) ==
          options.caller_evaluator_kinds.end()) {
    std::string kinds;
    for (const std::string& kind : options.caller_evaluator_kinds)
      kinds += (kinds.empty() ? "'" : " or '") + kind + "'";
    throw Error("[evaluator] kind '" + experiment.evaluator + "' cannot evaluate " +
                options.caller_objective_name + ": a caller's objective runs only " + kinds);
  }
  if (options.caller_evaluator == nullptr) {
    own_evaluator = make_evaluator(
        experiment.evaluator, {experiment.workers, *objective, objective_spec, registry,
                               objective_services, experiment.timeout_s, experiment.memory_mb});
  }
  Evaluator& evaluator =
      options.caller_evaluator != nullptr ? *options.caller_evaluator : *own_evaluator;
  RunStart start = run_start(experiment, objective_entry, algorithm_entry, evaluator, problem);
  if (options.caller_evaluator != nullptr) {
    // The plugin only gave the problem: the record names the caller's objective, so that
    // `bopp resume` (which checks the name) refuses to evaluate the plugin in its place.
    start.problem = std::exchange(start.objective, {options.caller_objective_name, std::nullopt});
  }
  const toml::table experiment_table = experiment.to_toml();
  start.experiment_sha1 =
      sha1_hex(recorded == nullptr ? RunRecord::experiment_file_text(experiment_table)
                                   : recorded->experiment_text);
  if (recorded != nullptr) {
    // What the run evaluates is fixed by these fields: a record whose run.json disagrees with
    // its own experiment file was edited, and a replay would not notice every such edit.
    if (const auto difference = recorded->run.start_difference(start))
      throw Error(*difference + "; the record is left as it was");
  }
  const RecordSync sync{options.sync, experiment.sync_interval_s, {}};

  RunResult result;
  result.optimum = problem.optimum_value;
  result.minimize = problem.sense == bopp::Sense::minimize;
  RunLoop loop(experiment, problem, *algorithm, evaluator, log, options);
  if (experiment.initial_design) {
    bopp::Points design =
        initial_design_points(*experiment.initial_design, problem, experiment.seed);
    start.initial_design =
        DesignRecord{static_cast<std::uint64_t>(design.rows()), experiment.initial_design->kind,
                     experiment.initial_design->path};
    loop.use_design(std::move(design));
  }
  CheckpointWriter checkpoints(experiment, *algorithm, owner);
  if (checkpoints_apply(experiment, *algorithm)) loop.checkpoint_with(checkpoints);
  std::optional<RunRecord> record;
  std::optional<AskedBatch> cut;
  if (recorded == nullptr) {
    record.emplace(experiment.output, experiment_table, run_json(start), options.overwrite, sync);
    log.open(record->folder(), options.sync);
    loop.start_recording(*record, 0);
  } else {
    // The whole replay comes before any write: a record that differs stays as it was.
    const std::span<const RecordedEvaluation> evaluations(recorded->evaluations);
    loop.skip_restored(evaluations.first(restored.evaluations), result);
    result.restored_evaluations = restored.evaluations;
    result.checkpoint_not_used = restored.not_used;
    cut = replay(loop, evaluations.subspan(restored.evaluations), result);
    if (recheck_best && result.best) recheck(evaluator, *result.best);
    replaying = false;
    record.emplace(recorded->folder, recorded->run.resumed(start),
                   RunRecord::Kept{recorded->evaluations_bytes, recorded->batches_bytes}, sync);
    log.reopen(record->folder(), options.sync, recorded->log_bytes, recorded->log_bytes == 0);
    loop.start_recording(*record, recorded->timed_batches, recorded->timed_algorithm,
                         cut ? cut->ask_time : TimeSpent{});
  }
  result.record = record->folder();
  run_to_end(loop, std::move(cut), result);
  close_record(*record, log, result);
  RunTimes times = loop.times();
  times.total_seconds = seconds_since(run_started);
  // A completed run is never resumed: its checkpoint would only take room. Removed before
  // run.json says so, so a kill in between leaves a record that a resume replays whole, never
  // a completed record that keeps one.
  if (result.status == RunStatus::completed) record->remove_checkpoint();
  record->update(run_json(run_end(result, times)));
  result.checkpoints = checkpoints.written();
  return result;
}

}  // namespace

RunResult run_experiment(const Experiment& experiment, const PluginRegistry& registry,
                         const RunOptions& options) {
  return run_or_continue(experiment, registry, options, nullptr, false);
}

RunResult continue_run(const Experiment& experiment, const PluginRegistry& registry,
                       const RecordedRun& recorded, const RunOptions& options, bool recheck_best) {
  return run_or_continue(experiment, registry, options, &recorded, recheck_best);
}

}  // namespace bopp::host
