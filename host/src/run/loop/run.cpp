#include <bopp/ext/pending_asks.h>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/out_of_memory.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/loop/ask_tell.hpp>
#include <bopp/host/run/loop/run.hpp>
#include <bopp/host/run/loop/run_footprint.hpp>
#include <bopp/host/run/loop/seeds.hpp>
#include <bopp/host/run/record/progress.hpp>
#include <bopp/host/run/record/recorded_run.hpp>
#include <bopp/host/run/record/run_log.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <ctime>
#include <deque>
#include <map>
#include <new>
#include <span>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

using Clock = std::chrono::steady_clock;

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

template <class Entry>
nlohmann::json identity(const Entry& entry) {
  return {{"name", entry.table->name},
          {"version", entry.table->version ? entry.table->version : ""},
          {"library", entry.library->name()},
          {"library_version", entry.library->version()},
          {"library_path", entry.library->path().string()},
          {"library_sha1", entry.library->file_sha1()},
          {"library_build_id", entry.library->build_id().empty()
                                   ? nlohmann::json(nullptr)
                                   : nlohmann::json(entry.library->build_id())},
          {"abi", std::to_string(entry.library->abi_major()) + "." +
                      std::to_string(entry.library->abi_minor())}};
}

nlohmann::json best_json(const std::optional<RecordedEvaluation>& best) {
  if (!best) return nullptr;
  return {{"index", best->index}, {"x", best->x}, {"y", best->y}};
}

bool better(double candidate, double incumbent, bopp::Sense sense) {
  return sense == bopp::Sense::minimize ? candidate < incumbent : candidate > incumbent;
}

// run.json as the run starts: who runs what, and the fields the end fills in.
nlohmann::json run_header(const Experiment& experiment, const ObjectiveEntry& objective,
                          const AlgorithmEntry& algorithm, const Evaluator& evaluator,
                          const bopp::Problem& problem) {
  return {
      {"bopp_version", BOPP_VERSION},
      {"abi", std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR)},
      {"experiment", experiment.source},
      {"objective", identity(objective)},
      {"algorithm", identity(algorithm)},
      {"seed", experiment.seed},
      {"budget", experiment.budget},
      {"batch", experiment.batch},
      {"evaluator", evaluator.describe()},
      {"dim", problem.dim()},
      {"sense", problem.sense == bopp::Sense::minimize ? "minimize" : "maximize"},
      {"optimum",
       problem.optimum_value ? nlohmann::json(*problem.optimum_value) : nlohmann::json(nullptr)},
      {"status", to_string(RunStatus::running)},
      {"message", ""},
      {"started", utc_now()},
      {"finished", nullptr},
      {"evaluations", 0},
      {"failed_evaluations", 0},
      {"best", nullptr},
      {"recommended", nullptr},
      {"regret", nullptr},
  };
}

// The run's final regret, null when the objective declares no optimum (docs/run-record.md).
nlohmann::json regret_json(const std::optional<RegretSoFar>& regret) {
  if (!regret) return nullptr;
  return {{"simple", regret->simple ? nlohmann::json(*regret->simple) : nlohmann::json(nullptr)},
          {"cumulative", regret->cumulative}};
}

// Where a run's time went, summed over its batches.
struct RunTimes {
  double algorithm_seconds = 0.0;  // ask + tell
  double evaluation_seconds = 0.0;
};

// run.json's fields once the run has ended.
nlohmann::json run_footer(const RunResult& result, const RunTimes& times, double total_seconds) {
  nlohmann::json recommended = nullptr;
  if (result.recommended.size() > 0) {
    recommended = std::vector<double>(result.recommended.begin(), result.recommended.end());
  }
  return {{"status", to_string(result.status)},
          {"message", result.message},
          {"finished", utc_now()},
          {"evaluations", result.evaluations},
          {"failed_evaluations", result.failed_evaluations},
          {"best", best_json(result.best)},
          {"recommended", recommended},
          {"regret", regret_json(result.regret)},
          {"time",
           {{"algorithm", times.algorithm_seconds},
            {"evaluation", times.evaluation_seconds},
            {"total", total_seconds}}}};
}

// The ask/evaluate/tell rounds of one run, each recorded before the next begins.
class RunLoop {
 public:
  RunLoop(const Experiment& experiment, const bopp::Problem& problem, Algorithm& algorithm,
          Evaluator& evaluator, RunLog& log, const RunOptions& options)
      : experiment_(experiment),
        problem_(problem),
        algorithm_(algorithm),
        evaluator_(evaluator),
        log_(log),
        options_(options),
        progress_(options.progress ? stderr : nullptr, experiment.budget) {
    if (problem.optimum_value)
      regret_.emplace(*problem.optimum_value, problem.sense == bopp::Sense::minimize);
  }

  // Asks and tells the algorithm as the recorded run did, checking every asked point against
  // the record bit for bit; nothing is evaluated or written. A batch the record holds only the
  // head of (the kill cut it) is kept, and `run` evaluates the rest of it first. Throws Error
  // naming the first evaluation that differs.
  void replay(std::span<const RecordedEvaluation> recorded, RunResult& result) {
    std::size_t next = 0;
    while (next < recorded.size()) {
      if (result.evaluations >= experiment_.budget) {
        throw Error("evaluation " + std::to_string(next) +
                    " is past the budget: the record holds " + std::to_string(recorded.size()) +
                    " evaluations, the experiment's budget is " +
                    std::to_string(experiment_.budget) + "; the record is left as it was");
      }
      AskedBatch asked = ask(result);
      const auto n = static_cast<std::size_t>(asked.X.rows());
      const std::size_t known = std::min(n, recorded.size() - next);
      for (std::size_t i = 0; i < known; ++i) {
        check_replayed(asked.X.row(static_cast<Eigen::Index>(i)), recorded[next + i],
                       result.evaluations + i);
        asked.known.push_back(recorded[next + i]);
      }
      next += known;
      if (known < n) {
        cut_batch_ = std::move(asked);
        return;
      }
      finish_batch(asked, result);
    }
  }

  // From here on every batch is appended to `record`, with the timings of the replayed
  // batches past its first `timed_batches` lines.
  void start_recording(RunRecord& record, std::uint64_t timed_batches) {
    record_ = &record;
    timed_batches_ = timed_batches;
    for (const BatchTiming& t : replayed_timings_) {
      if (t.batch >= timed_batches_) record_->append_timing(t);
    }
    replayed_timings_.clear();
  }

  // Runs until the budget is spent, the user stops, or an Error ends the run.
  void run(RunResult& result) {
    result.status = RunStatus::completed;
    try {
      if (cut_batch_) {
        finish_batch(*cut_batch_, result);
        cut_batch_.reset();
      }
      if (experiment_.async) {
        run_async(result);
      } else {
        while (result.evaluations < experiment_.budget) {
          if (stop_requested()) {
            result.status = RunStatus::stopped;
            result.message = stop_message(result.evaluations, "the batch under way finished");
            break;
          }
          run_batch(result);
          progress_.update(result.evaluations,
                           result.best ? std::optional(result.best->y) : std::nullopt);
        }
      }
    } catch (const Error& e) {
      result.status = RunStatus::failed;
      result.message = e.what();
    } catch (const std::bad_alloc&) {
      result.status = RunStatus::failed;
      result.message = "the host: out of memory in batch " + std::to_string(batch_index_);
    }
    if (result.status != RunStatus::failed) recommend(result);
    progress_.finish();
  }

  const RunTimes& times() const { return times_; }

 private:
  bool stop_requested() const { return options_.stop != nullptr && options_.stop->load(); }

  // Whoever stopped the run, and what the record holds: every point asked before the stop
  // was evaluated and recorded (the stop is seen between asks).
  std::string stop_message(std::uint64_t evaluations, const std::string& finished) const {
    const int signal = options_.stop_signal != nullptr ? options_.stop_signal->load() : 0;
    return std::string("stopped") + (signal > 0 ? " by " + signal_name(signal) : "") + " after " +
           std::to_string(evaluations) + " evaluations, " + finished;
  }

  // Every evaluation is recorded by now, so a recommendation that fails (throws, or lies
  // outside the bounds) costs the recommendation, not the run: a warning, the status kept,
  // and `recommended` left null.
  void recommend(RunResult& result) {
    try {
      result.recommended = algorithm_.recommend();
    } catch (const Error& e) {
      result.message = std::string("no recommendation: ") + e.what();
      log_.write(BOPP_LOG_WARNING, algorithm_.name(), result.message);
      if (options_.log) options_.log(BOPP_LOG_WARNING, algorithm_.name(), result.message);
    }
  }

  // A batch the algorithm asked for, and the head of it a resumed run found recorded.
  struct AskedBatch {
    bopp::Points X;
    double ask_seconds = 0.0;
    std::vector<RecordedEvaluation> known;
  };

  void run_batch(RunResult& result) {
    AskedBatch asked = ask(result);
    finish_batch(asked, result);
  }

  AskedBatch ask(const RunResult& result) {
    return ask_up_to(std::min(experiment_.batch, experiment_.budget - result.evaluations));
  }

  AskedBatch ask_up_to(std::uint64_t room) {
    const auto t = Clock::now();
    AskedBatch asked;
    asked.X = ask_rounded(algorithm_, problem_, room);
    asked.ask_seconds = seconds_since(t);
    times_.algorithm_seconds += asked.ask_seconds;
    return asked;
  }

  // A replayed point must be the recorded one to the bit, at the recorded place and seed:
  // anything else means the algorithm, its configuration or the record changed.
  void check_replayed(const Eigen::Ref<const Eigen::RowVectorXd>& x, const RecordedEvaluation& e,
                      std::uint64_t index) const {
    const std::vector<double> asked(x.begin(), x.end());
    const auto differs = [&](const std::string& what) {
      throw Error("evaluation " + std::to_string(index) + " differs from the record: " + what +
                  "; the record is left as it was");
    };
    if (e.batch != batch_index_) {
      differs("the replay asked it in batch " + std::to_string(batch_index_) +
              ", the record has batch " + std::to_string(e.batch));
    }
    const bool same_x = asked.size() == e.x.size() &&
                        std::equal(asked.begin(), asked.end(), e.x.begin(), [](double a, double b) {
                          return std::memcmp(&a, &b, sizeof a) == 0;
                        });
    if (!same_x) {
      differs("the replay asked x = " + nlohmann::json(asked).dump() +
              ", the record has x = " + nlohmann::json(e.x).dump());
    }
    if (const std::uint64_t seed = evaluation_seed(experiment_.seed, index); seed != e.seed) {
      differs("its seed is " + std::to_string(seed) + " from the experiment's seed " +
              std::to_string(experiment_.seed) + ", the record has " + std::to_string(e.seed));
    }
  }

  // Evaluates the points of `asked` the record does not hold, appends them, and tells the
  // algorithm the whole batch. Before start_recording (a replay) nothing is written.
  void finish_batch(AskedBatch& asked, RunResult& result) {
    const bopp::Points& X = asked.X;
    const auto n = static_cast<std::size_t>(X.rows());
    const std::size_t known = asked.known.size();
    std::vector<RecordedEvaluation> lines = std::move(asked.known);
    lines.resize(n);
    double evaluation_seconds = 0.0;
    for (std::size_t i = 0; i < known; ++i) evaluation_seconds += lines[i].seconds;
    if (known < n) {
      const std::size_t m = n - known;
      const bopp::Points rest =
          known == 0 ? X : bopp::Points(X.bottomRows(static_cast<Eigen::Index>(m)));
      const std::vector<std::uint64_t> seeds =
          evaluation_seeds(experiment_.seed, result.evaluations + known, m);
      std::vector<Evaluation> evaluations(m);
      const auto t = Clock::now();
      out_of_memory_named("objective '" + experiment_.objective.name + "'",
                          "evaluating " + std::to_string(m) + " points", [&] {
                            evaluator_.evaluate(rest, seeds, evaluations);
                            return 0;
                          });
      evaluation_seconds += seconds_since(t);
      for (std::size_t i = 0; i < m; ++i)
        lines[known + i] = new_line(X, known + i, evaluations[i], seeds[i], result);
    }
    times_.evaluation_seconds += evaluation_seconds;

    std::vector<double> told_y(n);
    std::vector<std::int32_t> told_status(n);
    record_batch(lines, known, result, told_y, told_status);
    ++batch_index_;

    const auto t = Clock::now();
    tell_batch(algorithm_, X, told_y, told_status);
    log_.set_evaluations(result.evaluations);
    const double tell_seconds = seconds_since(t);
    times_.algorithm_seconds += tell_seconds;
    const BatchTiming timing{.batch = batch_index_ - 1,
                             .points = n,
                             .ask_seconds = asked.ask_seconds,
                             .evaluation_seconds = evaluation_seconds,
                             .tell_seconds = tell_seconds,
                             .pending = std::nullopt};
    if (record_ == nullptr) {
      replayed_timings_.push_back(timing);
    } else if (timing.batch >= timed_batches_) {
      record_->append_timing(timing);
    }
  }

  RecordedEvaluation new_line(const bopp::Points& X, std::size_t row, const Evaluation& e,
                              std::uint64_t seed, const RunResult& result) const {
    RecordedEvaluation line;
    line.index = result.evaluations + row;
    line.batch = batch_index_;
    line.x.assign(X.row(static_cast<Eigen::Index>(row)).begin(),
                  X.row(static_cast<Eigen::Index>(row)).end());
    line.ok = e.ok;
    line.y = e.y;
    line.message = e.message;
    line.seed = seed;
    line.seconds = e.seconds;
    return line;
  }

  // Appends the batch's lines past its first `known` (those a resumed run found recorded) to
  // the record, updates the result, and fills what the algorithm is told.
  void record_batch(std::vector<RecordedEvaluation>& lines, std::size_t known, RunResult& result,
                    std::vector<double>& told_y, std::vector<std::int32_t>& told_status) {
    const std::size_t n = lines.size();
    for (std::size_t i = 0; i < n; ++i) {
      RecordedEvaluation& line = lines[i];
      if (regret_) line.regret = regret_->add(line.ok, line.y);
      told_y[i] = told_value(problem_, line.ok, line.y);
      told_status[i] = bopp::host::told_status(line.ok);
      if (!line.ok) ++result.failed_evaluations;
      if (line.ok && (!result.best || better(line.y, result.best->y, problem_.sense)))
        result.best = line;
    }
    // The lines logged up to this batch are as durable as the batch.
    if (record_ != nullptr && known < n && record_->append(std::span(lines).subspan(known)))
      log_.flush();
    result.evaluations += n;
    if (regret_) result.regret = regret_->last();
  }

  // `[evaluator] async = true`: the evaluator takes points from this feed whenever a worker is
  // free. Results are told as they land, the algorithm is asked again as soon as a worker has
  // nothing to do, and each ask's line in batches.jsonl lists the points still pending.
  class AsyncFeed final : public PointFeed {
   public:
    AsyncFeed(RunLoop& loop, RunResult& result)
        : loop_(loop), result_(result), since_ask_(Clock::now()) {}

    std::vector<PointJob> take(std::size_t most) override {
      tell_landed();
      if (ready_.empty() && asked_ < loop_.experiment_.budget) {
        if (loop_.stop_requested()) {
          stopped_ = true;
        } else {
          ask();
        }
      }
      std::vector<PointJob> jobs;
      while (!ready_.empty() && jobs.size() < most) {
        jobs.push_back(std::move(ready_.front()));
        ready_.pop_front();
      }
      return jobs;
    }
    std::size_t waiting() const override { return ready_.size(); }
    void give_back(std::vector<PointJob> jobs) override {
      ready_.insert(ready_.begin(), std::make_move_iterator(jobs.begin()),
                    std::make_move_iterator(jobs.end()));
    }
    void land(std::uint64_t id, Evaluation result) override {
      landed_.emplace_back(id, std::move(result));
    }

    // Tells what landed after the last take; true when a stop ended the asking.
    bool finish() {
      tell_landed();
      return stopped_;
    }

   private:
    struct Pending {
      std::vector<double> x;
      std::uint64_t batch = 0;
      std::uint64_t seed = 0;
    };

    void ask() {
      const std::uint64_t room =
          std::min(loop_.experiment_.batch, loop_.experiment_.budget - asked_);
      const double waited = seconds_since(since_ask_) - told_seconds_;
      loop_.times_.evaluation_seconds += waited;
      const AskedBatch asked = loop_.ask_up_to(room);
      std::vector<std::uint64_t> pending;
      for (const auto& [index, _] : pending_) pending.push_back(index);
      const BatchTiming timing{.batch = loop_.batch_index_,
                               .points = static_cast<std::uint64_t>(asked.X.rows()),
                               .ask_seconds = asked.ask_seconds,
                               .evaluation_seconds = waited,
                               .tell_seconds = told_seconds_,
                               .pending = std::move(pending)};
      loop_.record_->append_timing(timing);
      for (Eigen::Index r = 0; r < asked.X.rows(); ++r) {
        const auto x = point_of(asked.X, r);
        const std::uint64_t index = asked_++;
        const std::uint64_t seed = evaluation_seed(loop_.experiment_.seed, index);
        pending_[index] = {{x.begin(), x.end()}, loop_.batch_index_, seed};
        ready_.push_back({index, {x.begin(), x.end()}, seed});
      }
      ++loop_.batch_index_;
      told_seconds_ = 0.0;
      since_ask_ = Clock::now();
    }

    // Records and tells every result that has landed, in the order of their indices.
    void tell_landed() {
      if (landed_.empty()) return;
      std::sort(landed_.begin(), landed_.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      const std::size_t n = landed_.size();
      bopp::Points X(static_cast<Eigen::Index>(n), loop_.problem_.dim());
      std::vector<RecordedEvaluation> lines(n);
      for (std::size_t i = 0; i < n; ++i) {
        auto& [index, e] = landed_[i];
        const auto p = pending_.find(index);
        RecordedEvaluation& line = lines[i];
        line.index = index;
        line.batch = p->second.batch;
        line.x = std::move(p->second.x);
        line.ok = e.ok;
        line.y = e.y;
        line.message = std::move(e.message);
        line.seed = p->second.seed;
        line.seconds = e.seconds;
        for (std::size_t j = 0; j < line.x.size(); ++j)
          X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = line.x[j];
        pending_.erase(p);
      }
      landed_.clear();
      std::vector<double> told_y(n);
      std::vector<std::int32_t> told_status(n);
      loop_.record_batch(lines, 0, result_, told_y, told_status);
      const auto t = Clock::now();
      tell_batch(loop_.algorithm_, X, told_y, told_status);
      loop_.log_.set_evaluations(result_.evaluations);
      const double seconds = seconds_since(t);
      told_seconds_ += seconds;
      loop_.times_.algorithm_seconds += seconds;
      loop_.progress_.update(result_.evaluations,
                             result_.best ? std::optional(result_.best->y) : std::nullopt);
    }

    RunLoop& loop_;
    RunResult& result_;
    std::uint64_t asked_ = 0;                   // points asked so far: the next index
    std::map<std::uint64_t, Pending> pending_;  // asked, not yet told, by index
    std::deque<PointJob> ready_;                // asked, not yet given to a worker
    std::vector<std::pair<std::uint64_t, Evaluation>> landed_;  // evaluated, not yet told
    Clock::time_point since_ask_;                               // when the last ask ended
    double told_seconds_ = 0.0;                                 // tell time since then
    bool stopped_ = false;
  };

  void run_async(RunResult& result) {
    AsyncFeed feed(*this, result);
    evaluator_.stream(feed);
    if (feed.finish()) {
      result.status = RunStatus::stopped;
      result.message = stop_message(result.evaluations, "the points under way finished");
    }
  }

  const Experiment& experiment_;
  const bopp::Problem& problem_;
  Algorithm& algorithm_;
  Evaluator& evaluator_;
  RunRecord* record_ = nullptr;  // null while replaying
  RunLog& log_;
  const RunOptions& options_;
  Progress progress_;
  RunTimes times_;
  std::uint64_t batch_index_ = 0;
  std::optional<RunningRegret> regret_;  // when the objective declares its optimum
  std::optional<AskedBatch> cut_batch_;  // replayed in part: the rest is evaluated first
  std::vector<BatchTiming> replayed_timings_;
  std::uint64_t timed_batches_ = 0;  // batches.jsonl lines a resumed record kept
};

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

}  // namespace

namespace {

// A run from its start, or (`recorded` set) the continuation of the run a record holds.
RunResult run_or_continue(const Experiment& experiment, const PluginRegistry& registry,
                          const RunOptions& options, const RecordedRun* recorded) {
  const auto run_start = Clock::now();
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
  if (options.caller_evaluator != nullptr && experiment.evaluator != "serial") {
    throw Error("[evaluator] kind '" + experiment.evaluator + "' cannot evaluate " +
                options.caller_objective_name + ": a caller's objective runs only 'serial'");
  }
  if (options.caller_evaluator == nullptr) {
    own_evaluator = make_evaluator(
        experiment.evaluator, {experiment.workers, *objective, objective_spec, registry,
                               objective_services, experiment.timeout_s, experiment.memory_mb});
  }
  Evaluator& evaluator =
      options.caller_evaluator != nullptr ? *options.caller_evaluator : *own_evaluator;
  nlohmann::json header =
      run_header(experiment, objective_entry, algorithm_entry, evaluator, problem);
  if (options.caller_evaluator != nullptr) {
    // The plugin only gave the problem: the record names the caller's objective, so that
    // `bopp resume` (which checks the name) refuses to evaluate the plugin in its place.
    header["problem"] = header["objective"];
    header["objective"] = {{"name", options.caller_objective_name}};
  }
  const RecordSync sync{options.sync, experiment.sync_interval_s, {}};

  RunResult result;
  result.optimum = problem.optimum_value;
  result.minimize = problem.sense == bopp::Sense::minimize;
  RunLoop loop(experiment, problem, *algorithm, evaluator, log, options);
  std::optional<RunRecord> record;
  if (recorded == nullptr) {
    record.emplace(experiment.output, experiment.to_toml(), std::move(header), options.overwrite,
                   sync);
    log.open(record->folder(), options.sync);
    loop.start_recording(*record, 0);
  } else {
    // The whole replay comes before any write: a record that differs stays as it was.
    loop.replay(recorded->evaluations, result);
    replaying = false;
    // The run goes on under the record's own start and experiment file.
    nlohmann::json run = recorded->run;
    header.erase("started");
    header.erase("experiment");
    run.update(header);
    record.emplace(recorded->folder, std::move(run),
                   RunRecord::Kept{recorded->evaluations_bytes, recorded->batches_bytes}, sync);
    log.reopen(record->folder(), options.sync, recorded->log_bytes, recorded->log_bytes == 0);
    loop.start_recording(*record, recorded->timed_batches);
  }
  result.record = record->folder();
  loop.run(result);
  close_record(*record, log, result);
  record->update(run_footer(result, loop.times(), seconds_since(run_start)));
  return result;
}

}  // namespace

RunResult run_experiment(const Experiment& experiment, const PluginRegistry& registry,
                         const RunOptions& options) {
  return run_or_continue(experiment, registry, options, nullptr);
}

RunResult continue_run(const Experiment& experiment, const PluginRegistry& registry,
                       const RecordedRun& recorded, const RunOptions& options) {
  return run_or_continue(experiment, registry, options, &recorded);
}

}  // namespace bopp::host
