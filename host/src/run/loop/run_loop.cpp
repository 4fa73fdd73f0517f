#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/loop/ask_tell.hpp>
#include <bopp/host/run/loop/run_loop.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>

namespace bopp::host {
namespace {

using Clock = std::chrono::steady_clock;

bool better(double candidate, double incumbent, bopp::Sense sense) {
  return sense == bopp::Sense::minimize ? candidate < incumbent : candidate > incumbent;
}

bool same_number(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

bool same_regret(const RegretSoFar& a, const RegretSoFar& b) {
  return same_number(a.instant, b.instant) && a.simple.has_value() == b.simple.has_value() &&
         (!a.simple || *a.simple == *b.simple) && a.cumulative == b.cumulative;
}

std::string regret_text(const std::optional<RegretSoFar>& r) {
  if (!r) return "no regret";
  const auto number = [](double v) {
    return std::isnan(v) ? std::string("null") : nlohmann::json(v).dump();
  };
  return "regret " + number(r->instant) + ", simple regret " +
         (r->simple ? nlohmann::json(*r->simple).dump() : std::string("null")) +
         ", cumulative regret " + nlohmann::json(r->cumulative).dump();
}

// A recorded line's regret fields are a function of the y before them and the problem's
// optimum: recomputed on resume, so an edited y or regret is caught even where the replay's
// points do not depend on it.
void check_recorded_regret(const RecordedEvaluation& line,
                           const std::optional<RegretSoFar>& recomputed) {
  const bool same = line.regret.has_value() == recomputed.has_value() &&
                    (!recomputed || same_regret(*line.regret, *recomputed));
  if (same) return;
  throw Error("evaluation " + std::to_string(line.index) +
              " differs from the record: its y and the problem's optimum give " +
              regret_text(recomputed) + ", the record has " + regret_text(line.regret) +
              "; the record is left as it was");
}

}  // namespace

RecordedEvaluation recorded_evaluation(std::uint64_t index, std::uint64_t batch,
                                       std::vector<double> x, std::uint64_t seed,
                                       Evaluation evaluation) {
  RecordedEvaluation line;
  line.index = index;
  line.batch = batch;
  line.x = std::move(x);
  line.ok = evaluation.ok;
  line.y = evaluation.y;
  line.message = std::move(evaluation.message);
  line.seed = seed;
  line.seconds = evaluation.seconds;
  return line;
}

RunLoop::RunLoop(const Experiment& experiment, const bopp::Problem& problem, Algorithm& algorithm,
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
  // Beyond 30 years a limit is none: the steady clock's nanoseconds would overflow.
  const double limit =
      std::min(options.stop_after_s > 0.0 ? options.stop_after_s : experiment.time_limit_s, 1e9);
  if (limit > 0.0)
    deadline_ = Clock::now() +
                std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit));
}

void RunLoop::start_recording(RunRecord& record, std::uint64_t timed_batches,
                              const TimeSpent& recorded, const TimeSpent& cut_ask) {
  record_ = &record;
  timed_batches_ = timed_batches;
  // The cut batch is the one under way; its ask and tell count unless a kept line times it.
  times_.algorithm_seconds = 0.0;
  times_.algorithm_cpu_seconds = 0.0;
  add_algorithm_time(recorded);
  if (batch_ >= timed_batches)
    add_algorithm_time(cut_ask);
  else
    timed_batch_under_way_ = batch_;
  for (const BatchTiming& t : replayed_timings_) {
    if (t.batch < timed_batches_) continue;
    record_->append_timing(t);
    add_algorithm_time({t.ask_seconds + t.tell_seconds, t.ask_cpu_seconds + t.tell_cpu_seconds});
  }
  replayed_timings_.clear();
}

void RunLoop::add_algorithm_time(const TimeSpent& t) {
  times_.algorithm_seconds += t.wall;
  times_.algorithm_cpu_seconds += t.cpu;
}

TimeSpent RunLoop::time_of(const Stopwatch& watch) const {
  TimeSpent t = watch.elapsed();
  if (experiment_.async) t.cpu = kUnknownSeconds;
  return t;
}

AskedBatch RunLoop::ask(std::uint64_t room) {
  if (design_batch()) return {design_, {}, {}};
  const Stopwatch watch;
  AskedBatch asked;
  asked.X = ask_rounded(algorithm_, problem_, room);
  asked.ask_time = time_of(watch);
  add_algorithm_time(asked.ask_time);
  return asked;
}

ToldValues RunLoop::record(std::span<RecordedEvaluation> lines, std::size_t known,
                           RunResult& result) {
  const std::size_t n = lines.size();
  ToldValues told{std::vector<double>(n), std::vector<std::int32_t>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    RecordedEvaluation& line = lines[i];
    std::optional<RegretSoFar> regret;
    if (regret_) regret = regret_->add(line.ok, line.y);
    if (i < known) check_recorded_regret(line, regret);
    line.regret = regret;
    told.y[i] = told_value(problem_, line.ok, line.y);
    told.status[i] = told_status(line.ok);
    if (!line.ok) ++result.failed_evaluations;
    if (line.ok && (!result.best || better(line.y, result.best->y, problem_.sense)))
      result.best = line;
  }
  // The lines logged up to this batch are as durable as the batch.
  if (record_ != nullptr && known < n && record_->append(lines.subspan(known))) log_.flush();
  result.evaluations += n;
  if (regret_) result.regret = regret_->last();
  return told;
}

TimeSpent RunLoop::tell(const bopp::Points& X, const ToldValues& told, const RunResult& result) {
  const Stopwatch watch;
  tell_batch(algorithm_, X, told.y, told.status);
  log_.set_evaluations(result.evaluations);
  const TimeSpent spent = time_of(watch);
  // finish_batch tells after moving past the batch.
  if (!timed_batch_under_way_ || batch_ != *timed_batch_under_way_ + 1) add_algorithm_time(spent);
  return spent;
}

void RunLoop::time(const BatchTiming& timing) {
  if (record_ == nullptr) {
    replayed_timings_.push_back(timing);
  } else if (timing.batch >= timed_batches_) {
    record_->append_timing(timing);
  }
}

void RunLoop::skip_restored(std::span<const RecordedEvaluation> lines, RunResult& result) {
  std::vector<RecordedEvaluation> batch;
  for (std::size_t start = 0; start < lines.size();) {
    std::size_t end = start;
    while (end < lines.size() && lines[end].batch == lines[start].batch) ++end;
    batch.assign(lines.begin() + static_cast<std::ptrdiff_t>(start),
                 lines.begin() + static_cast<std::ptrdiff_t>(end));
    for (const RecordedEvaluation& line : batch) times_.evaluation_seconds += line.seconds;
    record(batch, batch.size(), result);
    next_batch();
    start = end;
  }
}

void RunLoop::after_batch(const RunResult& result, bool stopping) {
  if (checkpoints_ == nullptr || record_ == nullptr) return;
  if (const auto warning =
          checkpoints_->after_batch(*record_, batch_, result.evaluations, stopping))
    warn(*warning);
}

bool RunLoop::stop_requested() const {
  return (options_.stop != nullptr && options_.stop->load()) ||
         (deadline_ && Clock::now() >= *deadline_);
}

void RunLoop::stop(RunResult& result, const std::string& finished) const {
  const bool signalled = options_.stop != nullptr && options_.stop->load();
  const int signal = options_.stop_signal != nullptr ? options_.stop_signal->load() : 0;
  result.status = RunStatus::stopped;
  result.time_limit = !signalled;
  result.message = std::string("stopped") +
                   (!signalled   ? " (time limit)"
                    : signal > 0 ? " by " + signal_name(signal)
                                 : "") +
                   " after " + std::to_string(result.evaluations) + " evaluations, " + finished;
}

void RunLoop::show_progress(const RunResult& result) {
  progress_.update(result.evaluations, result.best ? std::optional(result.best->y) : std::nullopt);
}

void RunLoop::recommend(RunResult& result) {
  try {
    result.recommended = algorithm_.recommend();
  } catch (const Error& e) {
    result.message = std::string("no recommendation: ") + e.what();
    log_.write(BOPP_LOG_WARNING, algorithm_.name(), result.message);
    if (options_.log) options_.log(BOPP_LOG_WARNING, algorithm_.name(), result.message);
  }
}

void RunLoop::warn(const std::string& message) {
  log_.write(BOPP_LOG_WARNING, "bopp", message);
  if (options_.log) options_.log(BOPP_LOG_WARNING, "bopp", message);
}

void RunLoop::warn_if_misbehaving(const Evaluation& e) {
  if (!e.misbehaving || warned_misbehaving_) return;
  warned_misbehaving_ = true;
  warn("objective '" + experiment_.objective.name + "' misbehaves: " + e.message +
       "; such evaluations are recorded as failed (a failure is declared with status "
       "BOPP_EVAL_FAILED; warned once per run)");
}

}  // namespace bopp::host
