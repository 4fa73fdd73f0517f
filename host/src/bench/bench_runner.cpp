#include <bopp/host/bench/bench_runner.hpp>
#include <bopp/host/common/errors.hpp>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <condition_variable>
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

void write_text_atomically(const fs::path& path, const std::string& text) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << text;
    if (!out) throw Error("cannot write '" + temporary.string() + "'");
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) throw Error("cannot write '" + path.string() + "': " + ec.message());
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

// The state shared by the workers: outcomes, the index file and the progress line.
class Bench {
 public:
  Bench(const BenchGrid& grid, fs::path folder, const BenchOptions& options)
      : grid_(grid), folder_(std::move(folder)), options_(options), runs_(grid.runs()), outcomes_(runs_.size()) {
    tty_ = options_.progress != nullptr && ::isatty(::fileno(options_.progress)) != 0;
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      GridRun& run = runs_[i];
      run.experiment.output = (folder_ / run.folder).string();
      outcomes_[i].folder = run.folder;
      const fs::path record = folder_ / run.folder;
      if (run_is_complete(record, run.experiment.to_toml())) {
        outcomes_[i].status = "skipped";
        ++skipped_;
      } else if (auto json = read_run_json(record); json && json->value("status", "") == "completed") {
        outcomes_[i].status = "failed";
        outcomes_[i].message = "'" + record.string() +
                               "' holds a completed run of another experiment (was the grid changed?); "
                               "remove it to run it again";
        ++failed_;
      } else {
        outcomes_[i].status = "pending";
        pending_.push_back(i);
      }
    }
  }

  BenchSummary run() {
    write_index();
    start_ = Clock::now();
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const auto wanted = static_cast<std::size_t>(options_.jobs == 0 ? hardware : options_.jobs);
    const auto jobs = static_cast<unsigned>(std::max<std::size_t>(1, std::min(wanted, pending_.size())));
    draw_progress();
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
    if (tty_ && drawn_) std::fprintf(options_.progress, "\n");
    for (auto& o : outcomes_) {
      if (o.status == "pending") {
        o.status = "stopped";
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
  void work() {
    for (;;) {
      std::size_t i = 0;
      {
        std::lock_guard lock(mutex_);
        if (next_ == pending_.size() || (options_.stop != nullptr && options_.stop->load())) return;
        i = pending_[next_++];
        outcomes_[i].status = "running";
        ++running_;
        write_index();
        draw_progress();
      }
      BenchRunOutcome outcome = execute(runs_[i]);
      std::lock_guard lock(mutex_);
      --running_;
      ++finished_now_;
      outcomes_[i] = outcome;
      if (outcome.status == "failed") ++failed_;
      if (outcome.status == "completed") ++completed_;
      write_index();
      report(outcome);
    }
  }

  // One run as a child `bopp run` process; its stdout and stderr go to logs/<run>.log.
  BenchRunOutcome execute(const GridRun& run) {
    BenchRunOutcome outcome;
    outcome.folder = run.folder;
    const fs::path experiment_file = folder_ / "experiments" / (run.folder + ".toml");
    const fs::path log_file = folder_ / "logs" / (run.folder + ".log");
    try {
      fs::create_directories(experiment_file.parent_path());
      fs::create_directories(log_file.parent_path());
      std::ostringstream text;
      text << "# " << run.objective_label << " × " << run.algorithm_label << ", seed " << run.seed
           << ": one run of the grid " << grid_.source << "\n"
           << run.experiment.to_toml() << "\n";
      write_text_atomically(experiment_file, text.str());
    } catch (const std::exception& e) {
      outcome.status = "failed";
      outcome.message = e.what();
      return outcome;
    }

    std::vector<std::string> args = {options_.bopp_program.string()};
    for (const fs::path& p : options_.plugin_path) {
      args.push_back("--plugin-path");
      args.push_back(p.string());
    }
    args.insert(args.end(), options_.run_options.begin(), options_.run_options.end());
    args.insert(args.end(), {"run", experiment_file.string(), "--overwrite"});
    if (!options_.sync) args.push_back("--no-sync");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    const int log_fd = ::open(log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (log_fd < 0 || null_fd < 0) {
      if (log_fd >= 0) ::close(log_fd);
      if (null_fd >= 0) ::close(null_fd);
      outcome.status = "failed";
      outcome.message = "cannot write '" + log_file.string() + "': " + std::strerror(errno);
      return outcome;
    }
    const pid_t parent = ::getpid();
    const pid_t child = ::fork();
    if (child == 0) {
      // Only async-signal-safe calls until exec. A run must not outlive the bench: a bench
      // started again would run it a second time into the same folder.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(127);
      ::dup2(null_fd, 0);
      ::dup2(log_fd, 1);
      ::dup2(log_fd, 2);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(log_fd);
    ::close(null_fd);
    if (child < 0) {
      outcome.status = "failed";
      outcome.message = std::string("cannot start a run: ") + std::strerror(errno);
      return outcome;
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }

    const auto json = read_run_json(folder_ / run.folder);
    const std::string recorded = json ? json->value("status", "") : "";
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && recorded == "completed") {
      outcome.status = "completed";
    } else if (recorded == "stopped" || (WIFEXITED(status) && WEXITSTATUS(status) == 130)) {
      outcome.status = "stopped";
      outcome.message = "stopped by the user";
    } else {
      outcome.status = "failed";
      if (WIFSIGNALED(status)) {
        outcome.message = std::string("the run was killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                          ::strsignal(WTERMSIG(status)) + ")";
      } else if (WEXITSTATUS(status) == 127) {
        outcome.message = "cannot execute '" + options_.bopp_program.string() + "'";
      } else {
        outcome.message = last_error_line(log_file);
      }
      outcome.message += "; see " + log_file.string();
    }
    return outcome;
  }

  void write_index() {
    nlohmann::json runs = nlohmann::json::array();
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      const GridRun& r = runs_[i];
      const std::string status = outcomes_[i].status == "skipped" ? "completed" : outcomes_[i].status;
      runs.push_back({{"folder", r.folder},
                      {"objective", r.objective_label},
                      {"algorithm", r.algorithm_label},
                      {"seed", r.seed},
                      {"batch", r.batch},
                      {"status", status},
                      {"message", outcomes_[i].message}});
    }
    const nlohmann::json index = {{"grid", grid_.source}, {"budget", grid_.budget}, {"runs", runs}};
    write_text_atomically(folder_ / "index.json", index.dump(2) + "\n");
  }

  void report(const BenchRunOutcome& outcome) {
    if (options_.progress == nullptr) return;
    const std::size_t done = skipped_ + completed_ + failed_;
    if (outcome.status != "completed" || !tty_) {
      if (tty_) std::fprintf(options_.progress, "\r\033[K");
      std::fprintf(options_.progress, "bench: [%zu/%zu] %s: %s%s%s\n", done, runs_.size(), outcome.folder.c_str(),
                   outcome.status.c_str(), outcome.message.empty() ? "" : ": ", outcome.message.c_str());
      drawn_ = false;
    }
    draw_progress();
  }

  void draw_progress() {
    if (!tty_) return;
    const std::size_t done = skipped_ + completed_ + failed_;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    std::string eta = "-";
    if (finished_now_ > 0) {
      const double remaining = static_cast<double>(runs_.size() - done);
      eta = clock_text(elapsed / static_cast<double>(finished_now_) * remaining);
    }
    std::fprintf(options_.progress,
                 "\r\033[K  bench: %zu/%zu runs done (%zu skipped, %zu failed), %zu running, %s elapsed, ETA %s", done, runs_.size(), skipped_, failed_, running_, clock_text(elapsed).c_str(), eta.c_str());
    std::fflush(options_.progress);
    drawn_ = true;
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
  bool tty_ = false;
  bool drawn_ = false;
  Clock::time_point start_ = Clock::now();
  std::mutex mutex_;
};

}  // namespace

std::size_t BenchSummary::count(const std::string& status) const {
  return static_cast<std::size_t>(
      std::count_if(runs.begin(), runs.end(), [&](const BenchRunOutcome& r) { return r.status == status; }));
}

bool run_is_complete(const fs::path& run_folder, const toml::table& experiment) {
  const auto json = read_run_json(run_folder);
  if (!json || json->value("status", "") != "completed") return false;
  // Where the record lies is not part of the experiment: a bench folder may be moved.
  auto without_output = [](toml::table t) {
    if (toml::table* run = t["run"].as_table()) run->erase("output");
    return t;
  };
  try {
    return without_output(toml::parse_file((run_folder / "experiment.toml").string())) == without_output(experiment);
  } catch (const toml::parse_error&) {
    return false;
  }
}

BenchSummary run_bench(const BenchGrid& grid, const fs::path& folder, const BenchOptions& options) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create the bench folder '" + folder.string() + "': " + ec.message());
  if (fs::is_regular_file(grid.source, ec)) {
    fs::copy_file(grid.source, folder / "grid.toml", fs::copy_options::overwrite_existing, ec);
  }
  Bench bench(grid, fs::absolute(folder), options);
  return bench.run();
}

}  // namespace bopp::host
