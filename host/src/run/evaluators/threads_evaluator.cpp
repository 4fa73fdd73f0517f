#include <bopp/host/run/evaluators/threads_evaluator.hpp>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace bopp::host {
namespace {

// The threads of a stream, one lane each: a lane holds the point its thread evaluates until
// the result has been collected.
class Lanes {
 public:
  explicit Lanes(std::size_t n) : jobs_(n), ready_(n, false) {}

  bool busy(std::size_t w) {
    const std::lock_guard lock(mutex_);
    return jobs_[w].has_value();
  }
  void start(std::size_t w, PointJob job) {
    const std::lock_guard lock(mutex_);
    jobs_[w] = std::move(job);
    ready_[w] = true;
    changed_.notify_all();
  }
  // Waits until at least one result is in; returns them (id, result), their lanes free again.
  std::vector<std::pair<std::uint64_t, Evaluation>> wait_for_results() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !finished_.empty(); });
    std::vector<std::pair<std::uint64_t, Evaluation>> results;
    for (auto& [w, result] : finished_) {
      results.emplace_back(jobs_[w]->id, std::move(result));
      jobs_[w].reset();
    }
    finished_.clear();
    return results;
  }
  // A thread's loop: evaluate each point started on lane `w` until quit.
  void work(std::size_t w, Objective& objective) {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return quit_ || ready_[w]; });
      if (quit_) return;
      ready_[w] = false;
      const PointJob& job = *jobs_[w];  // stays until its result is collected
      lock.unlock();
      Evaluation result = objective.evaluate(job.x, job.seed);
      lock.lock();
      finished_.emplace_back(w, std::move(result));
      changed_.notify_all();
    }
  }
  void quit() {
    const std::lock_guard lock(mutex_);
    quit_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::optional<PointJob>> jobs_;
  std::vector<bool> ready_;
  std::vector<std::pair<std::size_t, Evaluation>> finished_;
  bool quit_ = false;
};

struct StopLanesOnExit {
  Lanes& lanes;
  ~StopLanesOnExit() { lanes.quit(); }
};

// Workers take points from a shared counter; each result lands in its own slot, so the
// order of completion does not matter.
class ThreadsEvaluator final : public Evaluator {
 public:
  ThreadsEvaluator(std::uint32_t workers, const EvaluatorSetup& setup) : workers_(workers) {
    if (setup.objective.problem().thread_safe) {
      instances_.assign(workers_, &setup.objective);
    } else {
      instances_.push_back(&setup.objective);
      for (std::uint32_t w = 1; w < workers_; ++w) {
        owned_.push_back(make_objective(setup.spec, setup.registry, setup.services));
        instances_.push_back(owned_.back().get());
      }
    }
  }
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                std::span<Evaluation> out) override {
    std::atomic<Eigen::Index> next{0};
    auto work = [&](Objective* objective) {
      for (Eigen::Index r = next++; r < X.rows(); r = next++) {
        out[static_cast<std::size_t>(r)] =
            objective->evaluate(point_of(X, r), seeds[static_cast<std::size_t>(r)]);
      }
    };
    const auto used = std::min<std::size_t>(instances_.size(), static_cast<std::size_t>(X.rows()));
    std::vector<std::jthread> threads;
    for (std::size_t w = 1; w < used; ++w) threads.emplace_back(work, instances_[w]);
    work(instances_[0]);
  }
  // One point per thread at a time; the feed is called from this thread only, which hands
  // points out and lands results as the threads finish them.
  void stream(PointFeed& feed) override {
    Lanes lanes(instances_.size());
    std::vector<std::jthread> threads;
    const StopLanesOnExit stop{lanes};  // after the threads: stops them before they are joined
    for (std::size_t w = 0; w < instances_.size(); ++w) {
      threads.emplace_back([this, &lanes, w] { lanes.work(w, *instances_[w]); });
    }
    std::size_t in_flight = 0;
    for (;;) {
      for (std::size_t w = 0; w < instances_.size(); ++w) {
        if (lanes.busy(w)) continue;
        std::vector<PointJob> jobs = feed.take(1);
        if (jobs.empty()) break;
        lanes.start(w, std::move(jobs.front()));
        ++in_flight;
      }
      if (in_flight == 0) return;
      for (auto& [id, result] : lanes.wait_for_results()) {
        --in_flight;
        feed.land(id, std::move(result));
      }
    }
  }

  std::string describe() const override { return "threads (" + std::to_string(workers_) + ")"; }

 private:
  std::uint32_t workers_;
  std::vector<std::unique_ptr<Objective>> owned_;
  std::vector<Objective*> instances_;
};

}  // namespace

std::unique_ptr<Evaluator> make_threads_evaluator(const EvaluatorSetup& setup) {
  const std::uint32_t n =
      setup.workers > 0 ? setup.workers : std::max(1u, std::thread::hardware_concurrency());
  return std::make_unique<ThreadsEvaluator>(n, setup);
}

}  // namespace bopp::host
