#include <bopp/host/common/seconds.hpp>
#include <bopp/host/run/loop/async_loop.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>

namespace bopp::host {
namespace {

using Clock = std::chrono::steady_clock;

// The evaluator takes points from this feed whenever a worker is free: what has landed is
// recorded and told first, then the algorithm is asked when no point waits.
class AsyncFeed final : public PointFeed {
 public:
  AsyncFeed(RunLoop& loop, RunResult& result)
      : loop_(loop), result_(result), asked_(result.evaluations), since_ask_(Clock::now()) {}

  std::vector<PointJob> take(std::size_t most) override {
    tell_landed();
    if (ready_.empty() && asked_ < loop_.experiment().budget) {
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
    const Experiment& experiment = loop_.experiment();
    const std::uint64_t room = std::min(experiment.batch, experiment.budget - asked_);
    const double waited = seconds_since(since_ask_) - told_seconds_;
    loop_.add_evaluation_seconds(waited);
    const AskedBatch asked = loop_.ask(room);
    std::vector<std::uint64_t> pending;
    for (const auto& [index, _] : pending_) pending.push_back(index);
    loop_.time({.batch = loop_.batch(),
                .points = static_cast<std::uint64_t>(asked.X.rows()),
                .ask_seconds = asked.ask_time.wall,
                .evaluation_seconds = waited,
                .tell_seconds = told_seconds_,
                .pending = std::move(pending)});
    for (Eigen::Index r = 0; r < asked.X.rows(); ++r) {
      const auto x = point_of(asked.X, r);
      const std::uint64_t index = asked_++;
      const std::uint64_t seed = evaluation_seed(experiment.seed, index);
      pending_[index] = {{x.begin(), x.end()}, loop_.batch(), seed};
      ready_.push_back({index, {x.begin(), x.end()}, seed});
    }
    loop_.next_batch();
    told_seconds_ = 0.0;
    since_ask_ = Clock::now();
  }

  // Records and tells every result that has landed, in the order of their indices.
  void tell_landed() {
    if (landed_.empty()) return;
    std::sort(landed_.begin(), landed_.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::size_t n = landed_.size();
    bopp::Points X(static_cast<Eigen::Index>(n), loop_.problem().dim());
    std::vector<RecordedEvaluation> lines(n);
    for (std::size_t i = 0; i < n; ++i) {
      auto& [index, evaluation] = landed_[i];
      const auto p = pending_.find(index);
      loop_.warn_if_misbehaving(evaluation);
      lines[i] = recorded_evaluation(index, p->second.batch, std::move(p->second.x), p->second.seed,
                                     std::move(evaluation));
      for (std::size_t j = 0; j < lines[i].x.size(); ++j)
        X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = lines[i].x[j];
      pending_.erase(p);
    }
    landed_.clear();
    const ToldValues told = loop_.record(lines, 0, result_);
    told_seconds_ += loop_.tell(X, told, result_).wall;
    loop_.show_progress(result_);
  }

  RunLoop& loop_;
  RunResult& result_;
  std::uint64_t asked_ = 0;                                   // points asked so far: the next index
  std::map<std::uint64_t, Pending> pending_;                  // asked, not yet told, by index
  std::deque<PointJob> ready_;                                // asked, not yet given to a worker
  std::vector<std::pair<std::uint64_t, Evaluation>> landed_;  // evaluated, not yet told
  Clock::time_point since_ask_;                               // when the last ask ended
  double told_seconds_ = 0.0;                                 // tell time since then
  bool stopped_ = false;
};

}  // namespace

void run_async(RunLoop& loop, RunResult& result) {
  AsyncFeed feed(loop, result);
  loop.evaluator().stream(feed);
  if (feed.finish()) loop.stop(result, "the points under way finished");
}

}  // namespace bopp::host
