#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/status_line.hpp>
#include <bopp/host/run/run_status.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

std::string clock_text(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  char buffer[32];
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld", s / 60, s % 60);
  }
  return buffer;
}

std::string last_error_line(const fs::path& log) {
  std::ifstream in(log);
  std::string line, last, error;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    last = line;
    if (line.rfind("bopp: error: ", 0) == 0) error = line.substr(13);
  }
  return error.empty() ? last : error;
}

std::optional<nlohmann::json> read_run_json(const fs::path& run_folder) {
  std::ifstream in(run_folder / "run.json");
  if (!in) return std::nullopt;
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

// The status run.json records, if it can be read and names one.
std::optional<RunStatus> recorded_status(const fs::path& run_folder) {
  const auto json = read_run_json(run_folder);
  if (!json) return std::nullopt;
  return parse_run_status(recorded_status_text(*json));
}

// The state shared by the workers: outcomes, the index file and the progress line.
class Bench {
 public:
  Bench(const BenchGrid& grid, fs::path folder, const BenchOptions& options)
      : grid_(grid),
        folder_(std::move(folder)),
        options_(options),
        runs_(grid.runs()),
        outcomes_(runs_.size()),
        line_(options_.progress) {
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      GridRun& run = runs_[i];
      run.experiment.output = (folder_ / run.folder).string();
      outcomes_[i].folder = run.folder;
      const fs::path record = folder_ / run.folder;
      if (run_is_complete(record, run.experiment.to_toml()) && !libraries_changed(record, run)) {
        outcomes_[i].state = BenchRunState::skipped;
        ++skipped_;
      } else if (run_is_complete(record, run.experiment.to_toml())) {
        outcomes_[i].state = BenchRunState::pending;
        pending_.push_back(i);
        ++rebuilt_;
      } else if (recorded_status(record) == RunStatus::completed) {
        outcomes_[i].state = BenchRunState::failed;
        outcomes_[i].message =
            "'" + record.string() +
            "' holds a completed run of another experiment (was the grid changed?); "
            "remove it to run it again";
        ++failed_;
      } else {
        outcomes_[i].state = BenchRunState::pending;
        pending_.push_back(i);
      }
    }
  }

  BenchSummary run() {
    if (rebuilt_ > 0 && options_.progress != nullptr) {
      std::fprintf(options_.progress,
                   "bopp: %zu completed run(s) will run again: a plugin library they used has "
                   "changed since (library_sha1 in their run.json)\n",
                   rebuilt_);
    }
    write_index();
    start_ = Clock::now();
    draw_progress();
    run_workers(worker_count());
    line_.finish();
    for (auto& o : outcomes_) {
      if (o.state == BenchRunState::pending) {
        o.state = BenchRunState::stopped;
        o.message = "not started: the bench was stopped";
      }
    }
    write_index();
    BenchSummary summary;
    summary.folder = folder_;
    summary.runs = outcomes_;
    return summary;
  }

 private:
  unsigned worker_count() const {
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const auto wanted = static_cast<std::size_t>(options_.jobs == 0 ? hardware : options_.jobs);
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min(wanted, pending_.size())));
  }

  void run_workers(unsigned jobs) {
    std::vector<std::thread> workers;
    active_workers_ = jobs;
    for (unsigned j = 0; j < jobs; ++j) {
      workers.emplace_back([this] {
        work();
        std::lock_guard lock(mutex_);
        --active_workers_;
        worker_ended_.notify_one();
      });
    }
    {
      // Redraws once a second, so elapsed time and ETA move while long runs go on.
      std::unique_lock lock(mutex_);
      while (active_workers_ > 0) {
        worker_ended_.wait_for(lock, std::chrono::seconds(1));
        draw_progress();
      }
    }
    for (std::thread& w : workers) w.join();
  }

  void work() {
    for (;;) {
      std::size_t i = 0;
      {
        std::lock_guard lock(mutex_);
        if (next_ == pending_.size() || (options_.stop != nullptr && options_.stop->load())) return;
        i = pending_[next_++];
        outcomes_[i].state = BenchRunState::running;
        ++running_;
        write_index();
        draw_progress();
      }
      BenchRunOutcome outcome = execute(runs_[i]);
      std::lock_guard lock(mutex_);
      --running_;
      ++finished_now_;
      outcomes_[i] = outcome;
      if (outcome.state == BenchRunState::failed) ++failed_;
      if (outcome.state == BenchRunState::completed) ++completed_;
      write_index();
      report(outcome);
    }
  }

  // One run as a child `bopp run` process; its stdout and stderr go to logs/<run>.log.
  BenchRunOutcome execute(const GridRun& run) {
    const fs::path experiment_file = folder_ / "experiments" / (run.folder + ".toml");
    const fs::path log_file = folder_ / "logs" / (run.folder + ".log");
    try {
      write_experiment_file(run, experiment_file);
      fs::create_directories(log_file.parent_path());
      ChildProcess child(run_arguments(experiment_file), log_file);
      return outcome_of(run, child.wait(), log_file);
    } catch (const std::exception& e) {
      return {run.folder, BenchRunState::failed, e.what()};
    }
  }

  void write_experiment_file(const GridRun& run, const fs::path& file) const {
    fs::create_directories(file.parent_path());
    std::ostringstream text;
    text << "# " << run.objective_label << " × " << run.algorithm_label << ", seed " << run.seed
         << ": one run of the grid " << grid_.source << "\n"
         << run.experiment.to_toml() << "\n";
    write_file_atomically(file, text.str(), options_.sync);
  }

  std::vector<std::string> run_arguments(const fs::path& experiment_file) const {
    std::vector<std::string> args = {options_.bopp_program.string()};
    for (const fs::path& p : options_.plugin_path) {
      args.push_back("--plugin-path");
      args.push_back(p.string());
    }
    args.insert(args.end(), options_.run_options.begin(), options_.run_options.end());
    args.insert(args.end(), {"run", experiment_file.string(), "--overwrite"});
    if (!options_.sync) args.push_back("--no-sync");
    return args;
  }

  // What a run's end means, from how its process ended and what its run.json says.
  BenchRunOutcome outcome_of(const GridRun& run, const ChildExit& exit,
                             const fs::path& log_file) const {
    const std::optional<RunStatus> recorded = recorded_status(folder_ / run.folder);
    if (exit.succeeded() && recorded == RunStatus::completed)
      return {run.folder, BenchRunState::completed, ""};
    if (recorded == RunStatus::stopped || (!exit.signaled && exit.code == 130)) {
      return {run.folder, BenchRunState::stopped, "stopped by the user"};
    }
    std::string message;
    if (exit.signaled) {
      message = "the run was killed by " + exit.signal_text();
    } else if (exit.code == kCannotExecute) {
      message = "cannot execute '" + options_.bopp_program.string() + "'";
    } else {
      message = last_error_line(log_file);
    }
    return {run.folder, BenchRunState::failed, message + "; see " + log_file.string()};
  }

  void write_index() {
    nlohmann::json runs = nlohmann::json::array();
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      const GridRun& r = runs_[i];
      runs.push_back({{"folder", r.folder},
                      {"objective", r.objective_label},
                      {"algorithm", r.algorithm_label},
                      {"seed", r.seed},
                      {"batch", r.batch},
                      {"status", index_text(outcomes_[i].state)},
                      {"message", outcomes_[i].message}});
    }
    const nlohmann::json index = {{"grid", grid_.source}, {"budget", grid_.budget}, {"runs", runs}};
    write_file_atomically(folder_ / "index.json", index.dump(2) + "\n", options_.sync);
  }

  void report(const BenchRunOutcome& outcome) {
    if (options_.progress == nullptr) return;
    const std::size_t done = skipped_ + completed_ + failed_;
    if (outcome.state != BenchRunState::completed || !line_.active()) {
      line_.clear();
      const std::string state(to_string(outcome.state));
      std::fprintf(options_.progress, "bench: [%zu/%zu] %s: %s%s%s\n", done, runs_.size(),
                   outcome.folder.c_str(), state.c_str(), outcome.message.empty() ? "" : ": ",
                   outcome.message.c_str());
    }
    draw_progress();
  }

  void draw_progress() {
    if (!line_.active()) return;
    const std::size_t done = skipped_ + completed_ + failed_;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    std::string eta = "-";
    if (finished_now_ > 0) {
      const double remaining = static_cast<double>(runs_.size() - done);
      eta = clock_text(elapsed / static_cast<double>(finished_now_) * remaining);
    }
    char text[200];
    std::snprintf(
        text, sizeof text,
        "  bench: %zu/%zu runs done (%zu skipped, %zu failed), %zu running, %s elapsed, ETA %s",
        done, runs_.size(), skipped_, failed_, running_, clock_text(elapsed).c_str(), eta.c_str());
    line_.draw(text);
  }

  const BenchGrid& grid_;
  fs::path folder_;
  BenchOptions options_;
  std::vector<GridRun> runs_;
  std::vector<BenchRunOutcome> outcomes_;
  std::vector<std::size_t> pending_;
  std::size_t next_ = 0;
  unsigned active_workers_ = 0;
  std::condition_variable worker_ended_;
  std::size_t skipped_ = 0, completed_ = 0, failed_ = 0, running_ = 0, finished_now_ = 0;
  std::size_t rebuilt_ = 0;  // completed runs whose libraries changed, run again
  StatusLine line_;
  Clock::time_point start_ = Clock::now();
  std::mutex mutex_;
};

}  // namespace

std::size_t BenchSummary::count(BenchRunState state) const {
  return static_cast<std::size_t>(std::count_if(
      runs.begin(), runs.end(), [&](const BenchRunOutcome& r) { return r.state == state; }));
}

bool libraries_changed(const fs::path& run_folder, const GridRun& run) {
  const std::optional<nlohmann::json> json = read_run_json(run_folder);
  if (!json) return true;
  auto recorded = [&](const char* plugin) -> std::string {
    const auto section = json->find(plugin);
    if (section == json->end() || !section->is_object()) return "";
    const auto sha1 = section->find("library_sha1");
    return sha1 != section->end() && sha1->is_string() ? sha1->get<std::string>() : "";
  };
  return recorded("objective") != run.objective_library_sha1 ||
         recorded("algorithm") != run.algorithm_library_sha1;
}

bool run_is_complete(const fs::path& run_folder, const toml::table& experiment) {
  if (recorded_status(run_folder) != RunStatus::completed) return false;
  // Where the record lies is not part of the experiment: a bench folder may be moved.
  auto without_output = [](toml::table t) {
    if (toml::table* run = t["run"].as_table()) run->erase("output");
    return t;
  };
  try {
    return without_output(toml::parse_file((run_folder / "experiment.toml").string())) ==
           without_output(experiment);
  } catch (const toml::parse_error&) {
    return false;
  }
}

BenchSummary run_bench(const BenchGrid& grid, const fs::path& folder, const BenchOptions& options) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create the bench folder '" + folder.string() + "': " + ec.message());
  const FolderLock lock(folder, "bench");  // one bench at a time writes a bench folder
  if (fs::is_regular_file(grid.source, ec)) {
    fs::copy_file(grid.source, folder / "grid.toml", fs::copy_options::overwrite_existing, ec);
  }
  Bench bench(grid, fs::absolute(folder), options);
  return bench.run();
}

}  // namespace bopp::host
