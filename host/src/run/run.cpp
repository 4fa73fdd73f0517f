#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/run/discrete_rounding.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluator.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/run/progress.hpp>
#include <bopp/host/run/run.hpp>
#include <bopp/host/run/seeds.hpp>

#include <chrono>
#include <cmath>
#include <ctime>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

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

}  // namespace

RunResult run_experiment(const Experiment& experiment, const PluginRegistry& registry,
                         const RunOptions& options) {
  const auto run_start = Clock::now();
  const ObjectiveEntry& objective_entry = registry.objective(experiment.objective.name);
  const AlgorithmEntry& algorithm_entry = registry.algorithm(experiment.algorithm.name);
  const std::uint32_t threads = std::max(1u, std::thread::hardware_concurrency());

  HostServices objective_services(experiment.objective.name, options.log, options.stop, threads);
  HostServices algorithm_services(experiment.algorithm.name, options.log, options.stop, threads);
  const std::string objective_config = experiment.objective.config_text();
  const std::uint64_t objective_seed_value = objective_seed(experiment.seed);
  auto make_objective = [&] {
    return std::make_unique<Objective>(objective_entry, objective_config, objective_seed_value,
                                       objective_services);
  };
  std::unique_ptr<Objective> objective = make_objective();
  const bopp::Problem& problem = objective->problem();
  Algorithm algorithm(algorithm_entry, problem, experiment.algorithm.config_text(),
                      algorithm_seed(experiment.seed), algorithm_services);
  std::unique_ptr<Evaluator> evaluator =
      make_evaluator(experiment.evaluator, experiment.workers, *objective, make_objective);

  nlohmann::json header = {
      {"bopp_version", BOPP_VERSION},
      {"abi", std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR)},
      {"experiment", experiment.source},
      {"objective", identity(objective_entry)},
      {"algorithm", identity(algorithm_entry)},
      {"seed", experiment.seed},
      {"budget", experiment.budget},
      {"batch", experiment.batch},
      {"evaluator", evaluator->describe()},
      {"dim", problem.dim()},
      {"sense", problem.sense == bopp::Sense::minimize ? "minimize" : "maximize"},
      {"optimum", problem.optimum_value ? nlohmann::json(*problem.optimum_value) : nlohmann::json(nullptr)},
      {"status", "running"},
      {"message", ""},
      {"started", utc_now()},
      {"finished", nullptr},
      {"evaluations", 0},
      {"failed_evaluations", 0},
      {"best", nullptr},
      {"recommended", nullptr},
  };
  RunRecord record(experiment.output, experiment.to_toml(), header, options.overwrite, options.sync);

  RunResult result;
  result.record = record.folder();
  result.optimum = problem.optimum_value;
  Progress progress(options.progress ? stderr : nullptr, experiment.budget);
  double algorithm_seconds = 0.0;
  double evaluation_seconds = 0.0;
  std::uint64_t batch_index = 0;
  result.status = "completed";

  try {
    while (result.evaluations < experiment.budget) {
      if (options.stop != nullptr && options.stop->load()) {
        result.status = "stopped";
        break;
      }
      const std::uint64_t room = std::min(experiment.batch, experiment.budget - result.evaluations);
      auto t = Clock::now();
      bopp::Points X = algorithm.ask(room);
      const double ask_seconds = seconds_since(t);
      algorithm_seconds += ask_seconds;
      round_discrete(problem, X);

      const auto n = static_cast<std::size_t>(X.rows());
      std::vector<std::uint64_t> seeds(n);
      for (std::size_t i = 0; i < n; ++i) seeds[i] = evaluation_seed(experiment.seed, result.evaluations + i);
      std::vector<Evaluation> evaluations(n);
      t = Clock::now();
      evaluator->evaluate(X, seeds, evaluations);
      const double batch_evaluation_seconds = seconds_since(t);
      evaluation_seconds += batch_evaluation_seconds;

      std::vector<RecordedEvaluation> lines(n);
      std::vector<double> told_y(n);
      std::vector<std::int32_t> told_status(n);
      for (std::size_t i = 0; i < n; ++i) {
        const Evaluation& e = evaluations[i];
        RecordedEvaluation& line = lines[i];
        line.index = result.evaluations + i;
        line.batch = batch_index;
        line.x.assign(X.row(static_cast<Eigen::Index>(i)).begin(), X.row(static_cast<Eigen::Index>(i)).end());
        line.ok = e.ok;
        line.y = e.y;
        line.message = e.message;
        line.seed = seeds[i];
        line.seconds = e.seconds;
        // Algorithms maximize: the host negates a minimized objective (DESIGN.md).
        told_y[i] = !e.ok ? std::nan("") : problem.sense == bopp::Sense::minimize ? -e.y : e.y;
        told_status[i] = e.ok ? BOPP_OK : BOPP_EVAL_FAILED;
        if (!e.ok) ++result.failed_evaluations;
        if (e.ok && (!result.best || better(e.y, result.best->y, problem.sense))) result.best = line;
      }
      record.append(lines);
      result.evaluations += n;
      ++batch_index;

      t = Clock::now();
      algorithm.tell(X, told_y, told_status);
      const double tell_seconds = seconds_since(t);
      algorithm_seconds += tell_seconds;
      record.append_timing({batch_index - 1, n, ask_seconds, batch_evaluation_seconds, tell_seconds});
      progress.update(result.evaluations, result.best ? std::optional(result.best->y) : std::nullopt);
    }
    result.recommended = algorithm.recommend();
  } catch (const Error& e) {
    result.status = "failed";
    result.message = e.what();
  }
  progress.finish();

  nlohmann::json recommended = nullptr;
  if (result.recommended.size() > 0) {
    recommended = std::vector<double>(result.recommended.begin(), result.recommended.end());
  }
  record.update({{"status", result.status},
                 {"message", result.message},
                 {"finished", utc_now()},
                 {"evaluations", result.evaluations},
                 {"failed_evaluations", result.failed_evaluations},
                 {"best", best_json(result.best)},
                 {"recommended", recommended},
                 {"time", {{"algorithm", algorithm_seconds},
                           {"evaluation", evaluation_seconds},
                           {"total", seconds_since(run_start)}}}});
  return result;
}

}  // namespace bopp::host
