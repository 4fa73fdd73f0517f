#include <bopp/host/bench/bench_progress.hpp>
#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/child_process.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/folder_lock.hpp>
#include <bopp/host/common/json_text.hpp>
#include <bopp/host/common/output_folder.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/common/status_line.hpp>
#include <bopp/host/report/html_report.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
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
  std::istringstream in;
  try {
    in.str(read_folder_file(log).value_or(""));
  } catch (const Error& e) {
    return e.what();
  }
  std::string line, last, error;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    last = line;
    if (line.rfind("bopp: error: ", 0) == 0) error = line.substr(13);
  }
  return error.empty() ? last : error;
}

// The status run.json records, if it can be read and names one.
std::optional<RunStatus> recorded_status(const fs::path& run_folder) {
  const std::optional<RunJson> run = try_read_run_json(run_folder);
  if (!run) return std::nullopt;
  return run->status();
}

// True when `folder`/index.json is a bench index bopp wrote: an object with the grid's name
// and the list of runs.
bool holds_bench_index(const fs::path& folder) {
  std::optional<std::string> text;
  try {
    text = read_folder_file(folder / "index.json");
  } catch (const Error&) {
    return false;  // claim_bench_folder names what is wrong with it
  }
  if (!text) return false;
  const nlohmann::json index = nlohmann::json::parse(*text, nullptr, false);
  if (!index.is_object()) return false;
  const auto grid = index.find("grid");
  const auto runs = index.find("runs");
  return grid != index.end() && grid->is_string() && runs != index.end() && runs->is_array();
}

// A bench writes into an empty folder (but for bopp's lock and leftover temporaries) or into a
// bench folder of its own, never over a user's files.
void claim_bench_folder(const fs::path& folder) {
  refuse_foreign_files(folder, {"index.json", "grid.toml", "report.html"});
  if (holds_bench_index(folder)) return;
  if (const auto found = first_foreign_entry(folder)) {
    throw Error("the bench folder '" + folder.string() +
                "' is not empty and holds no bopp bench (found '" + *found +
                "'); choose an empty or new folder with --output");
  }
}

// The grid file, read as when it was parsed: a regular file, bounded.
std::string read_whole_file(const fs::path& file) {
  try {
    return read_input_bytes(file);
  } catch (const Error& e) {
    throw Error("cannot read '" + file.string() + "': " + e.what());
  }
}

// `bopp run`'s exit status when its time limit stopped it (EX_TEMPFAIL).
constexpr int kTimeLimitExit = 75;

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
        if (run_is_resumable(record, run)) resumed_.insert(i);
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
    // The index first: from then on the folder is a bench folder, whatever a kill interrupts.
    write_index();
    if (!write_error_) write_grid_copy();
    if (!write_error_) write_page(progress());
    start_ = Clock::now();
    draw_progress();
    if (!write_error_) run_workers(worker_count());
    line_.finish();
    for (auto& o : outcomes_) {
      if (o.state == BenchRunState::pending) {
        o.state = BenchRunState::stopped;
        o.message = "not started: the bench was stopped";
      }
    }
    write_index();
    if (!write_error_) write_page(progress());  // the last page: it no longer reloads
    // A file the bench could not write (a full disk) stopped it: no run was started after.
    if (write_error_) {
      throw Error("the bench in '" + folder_.string() + "' stopped: " + *write_error_);
    }
    // The page is a view of the records: a bench that could not write it still ran every run.
    if (page_error_ && options_.progress != nullptr) {
      std::fprintf(options_.progress, "bopp: the live report.html could not be written: %s\n",
                   page_error_->c_str());
    }
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
      // Redraws once a second, so elapsed time and ETA move while long runs go on, and
      // looks for a stop signal ten times as often, to pass it on to the running runs.
      std::unique_lock lock(mutex_);
      auto last_draw = Clock::now();
      while (active_workers_ > 0) {
        worker_ended_.wait_for(lock, std::chrono::milliseconds(100));
        forward_stop_signal();
        if (Clock::now() - last_draw >= std::chrono::seconds(1)) {
          draw_progress();
          last_draw = Clock::now();
        }
        if (page_changed_ && Clock::now() >= next_page_) {
          // The workers go on while the page is written: it reads the records, not the state.
          page_changed_ = false;
          const BenchProgress now = progress();
          lock.unlock();
          const auto began = Clock::now();
          write_page(now);
          // At most one page a second, and never more than a tenth of the time in writing it:
          // a large bench's page takes a while to build.
          next_page_ = Clock::now() + std::max<Clock::duration>(std::chrono::seconds(1),
                                                                (Clock::now() - began) * 10);
          lock.lock();
        }
      }
    }
    for (std::thread& w : workers) w.join();
  }

  void work() {
    for (;;) {
      std::size_t i = 0;
      {
        std::lock_guard lock(mutex_);
        if (next_ == pending_.size() || write_error_ ||
            (options_.stop != nullptr && options_.stop->load()))
          return;
        i = pending_[next_++];
        outcomes_[i].state = BenchRunState::running;
        ++running_;
        page_changed_ = true;
        write_index();
        draw_progress();
      }
      BenchRunOutcome outcome = execute(runs_[i], resumed_.count(i) > 0);
      std::lock_guard lock(mutex_);
      --running_;
      ++finished_now_;
      outcomes_[i] = outcome;
      page_changed_ = true;
      if (outcome.state == BenchRunState::failed) ++failed_;
      if (outcome.state == BenchRunState::completed) ++completed_;
      write_index();
      report(outcome);
    }
  }

  // Sends the signal that stopped the bench, once, to every running run (mutex_ held).
  void forward_stop_signal() {
    if (forwarded_signal_ != 0 || options_.stop == nullptr || !options_.stop->load()) return;
    forwarded_signal_ = options_.stop_signal != nullptr ? options_.stop_signal->load() : 0;
    for (ChildProcess* child : children_) child->signal(forwarded_signal_);
  }

  // A run's process, known while it runs so that a stop signal reaches it. One started
  // after the signal was forwarded gets it at once.
  void add_child(ChildProcess& child) {
    std::lock_guard lock(mutex_);
    children_.push_back(&child);
    if (forwarded_signal_ != 0) child.signal(forwarded_signal_);
  }
  void remove_child(ChildProcess& child) {
    std::lock_guard lock(mutex_);
    children_.erase(std::find(children_.begin(), children_.end(), &child));
  }

  // One run as a child `bopp run` process (`bopp resume` with `resume`, for a run a kill, a
  // signal or a time limit stopped); its stdout and stderr go to logs/<run>.log.
  BenchRunOutcome execute(const GridRun& run, bool resume) {
    const fs::path experiment_file = folder_ / "experiments" / (run.folder + ".toml");
    const fs::path log_file = folder_ / "logs" / (run.folder + ".log");
    try {
      write_experiment_file(run, experiment_file);
      fs::create_directories(log_file.parent_path());
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      note_write_error(e.what());
      return {run.folder, BenchRunState::failed, e.what()};
    }
    try {
      ChildProcess child(run_arguments(experiment_file, resume ? &run : nullptr), log_file);
      add_child(child);
      const ChildExit exit = child.wait();
      remove_child(child);
      return outcome_of(run, exit, log_file);
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

  std::vector<std::string> run_arguments(const fs::path& experiment_file,
                                         const GridRun* resumed) const {
    std::vector<std::string> args = {options_.bopp_program.string()};
    for (const fs::path& p : options_.plugin_path) {
      args.push_back("--plugin-path");
      args.push_back(p.string());
    }
    args.insert(args.end(), options_.run_options.begin(), options_.run_options.end());
    if (resumed != nullptr) {
      args.insert(args.end(), {"resume", (folder_ / resumed->folder).string()});
    } else {
      args.insert(args.end(), {"run", experiment_file.string(), "--overwrite"});
    }
    if (!options_.sync) args.push_back("--no-sync");
    return args;
  }

  // What a run's end means, from how its process ended and what its run.json says.
  BenchRunOutcome outcome_of(const GridRun& run, const ChildExit& exit, const fs::path& log_file) {
    const std::optional<RunStatus> recorded = recorded_status(folder_ / run.folder);
    if (exit.succeeded() && recorded == RunStatus::completed)
      return {run.folder, BenchRunState::completed, ""};
    int forwarded = 0;
    {
      std::lock_guard lock(mutex_);
      forwarded = forwarded_signal_;
    }
    // A run the forwarded signal reached before it could catch it ends killed by it.
    const bool ended_by_forwarded =
        forwarded != 0 && (exit.signaled ? exit.signal == forwarded : exit.code == 128 + forwarded);
    if (recorded == RunStatus::stopped && !exit.signaled && exit.code == kTimeLimitExit)
      return {run.folder, BenchRunState::stopped,
              "stopped (time limit); the next bench resumes it"};
    if (recorded == RunStatus::stopped || ended_by_forwarded ||
        (!exit.signaled && exit.code == 130)) {
      return {run.folder, BenchRunState::stopped,
              forwarded != 0 ? "stopped by " + signal_name(forwarded) : "stopped by the user"};
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
    try {
      write_file_atomically(folder_ / "index.json", json_text(index, 2) + "\n", options_.sync);
    } catch (const Error& e) {
      note_write_error(e.what());  // a worker thread may not throw: the bench stops instead
    }
  }

  // The counts of the runs' states now (mutex_ held, or before or after the workers).
  BenchProgress progress() const {
    BenchProgress p;
    for (const BenchRunOutcome& o : outcomes_) p.count(o.state);
    return p;
  }

  // report.html: the report of the runs completed so far, with the bench's progress; while runs
  // are left it reloads itself. Only the main thread writes it (before, while and after the
  // workers run), without mutex_: it reads the records, not the bench's state.
  void write_page(const BenchProgress& now) {
    HtmlPage page;
    page.progress = now;
    page.grids = bench_grids({folder_});
    std::vector<ReportRun> runs;
    std::vector<ObjectiveReport> report;
    try {
      runs = load_report_runs({folder_}, page.notes);
      report = build_report(runs);
    } catch (const std::exception& e) {
      // A record that cannot be read yet (or at all) leaves the page without tables, not the
      // bench without runs.
      page.notes.push_back(e.what());
      runs.clear();
    }
    // The runs still going are not "left out": the progress line counts them.
    std::erase_if(page.notes,
                  [](const std::string& n) { return n.find("with status 'running'") != n.npos; });
    try {
      write_file_atomically(folder_ / "report.html", html_report(runs, report, page),
                            options_.sync);
    } catch (const Error& e) {
      if (!page_error_) page_error_ = e.what();
    }
  }

  // The grid file as it was run, beside the runs, through the atomic writer (never a
  // half-copied or empty file).
  void write_grid_copy() {
    std::error_code ec;
    if (!fs::is_regular_file(grid_.source, ec)) return;
    try {
      write_file_atomically(folder_ / "grid.toml", read_whole_file(grid_.source), options_.sync);
    } catch (const Error& e) {
      note_write_error(e.what());
    }
  }

  // Keeps the first write failure; call with mutex_ held (or before the workers start).
  void note_write_error(const std::string& message) {
    if (!write_error_) write_error_ = message;
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
    const double elapsed = seconds_since(start_);
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
  std::set<std::size_t> resumed_;  // pending runs a resume continues (run_is_resumable)
  std::size_t next_ = 0;
  unsigned active_workers_ = 0;
  std::condition_variable worker_ended_;
  std::size_t skipped_ = 0, completed_ = 0, failed_ = 0, running_ = 0, finished_now_ = 0;
  std::size_t rebuilt_ = 0;                 // completed runs whose libraries changed, run again
  std::vector<ChildProcess*> children_;     // the runs' processes running now
  int forwarded_signal_ = 0;                // the stop signal once passed on to them
  std::optional<std::string> write_error_;  // the first file the bench could not write
  StatusLine line_;
  Clock::time_point start_ = Clock::now();
  bool page_changed_ = false;  // a run started or ended since report.html was written
  Clock::time_point next_page_ = Clock::now();
  std::optional<std::string> page_error_;  // why report.html could not be written (main thread)
  std::mutex mutex_;
};

}  // namespace

std::size_t BenchSummary::count(BenchRunState state) const {
  return static_cast<std::size_t>(std::count_if(
      runs.begin(), runs.end(), [&](const BenchRunOutcome& r) { return r.state == state; }));
}

bool libraries_changed(const fs::path& run_folder, const GridRun& run) {
  const std::optional<RunJson> recorded = try_read_run_json(run_folder);
  if (!recorded) return true;
  return recorded->library_sha1(PluginRole::objective) != run.objective_library_sha1 ||
         recorded->library_sha1(PluginRole::algorithm) != run.algorithm_library_sha1;
}

namespace {

// Whether the record in `run_folder` is of `experiment`. Where the record lies is not part of
// it (a bench folder may be moved), nor how often it is synced or checkpointed, nor its time
// limit (records written before those keys stay the grid's).
bool records_experiment(const fs::path& run_folder, const toml::table& experiment) {
  auto without_output = [](toml::table t) {
    if (toml::table* run = t["run"].as_table()) {
      for (const char* key :
           {"output", "sync_interval_s", "checkpoints", "checkpoint_interval_s", "time_limit"})
        run->erase(key);
    }
    return t;
  };
  try {
    return without_output(toml::parse_file((run_folder / record_file::kExperiment).string())) ==
           without_output(experiment);
  } catch (const toml::parse_error&) {
    return false;
  }
}

}  // namespace

bool run_is_complete(const fs::path& run_folder, const toml::table& experiment) {
  if (recorded_status(run_folder) != RunStatus::completed) return false;
  return records_experiment(run_folder, experiment);
}

bool run_is_resumable(const fs::path& run_folder, const GridRun& run) {
  const std::optional<RunStatus> status = recorded_status(run_folder);
  if (status != RunStatus::stopped && status != RunStatus::running) return false;
  const std::optional<RunJson> recorded = try_read_run_json(run_folder);
  return recorded && recorded->bopp_version() == BOPP_VERSION && !run.experiment.async &&
         records_experiment(run_folder, run.experiment.to_toml()) &&
         !libraries_changed(run_folder, run);
}

BenchSummary run_bench(const BenchGrid& grid, const fs::path& folder, const BenchOptions& options) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create the bench folder '" + folder.string() + "': " + ec.message());
  FolderLock lock(folder, "bench");  // one bench at a time writes a bench folder
  try {
    claim_bench_folder(folder);
  } catch (const Error&) {
    lock.release_and_remove_created();  // a refused bench leaves the folder as it found it
    throw;
  }
  Bench bench(grid, fs::absolute(folder), options);
  return bench.run();
}

}  // namespace bopp::host
