#include <bopp/host/run/evaluators/evaluator.hpp>

#include <algorithm>
#include <deque>

namespace bopp::host {
namespace {

// A batch as a feed: its rows, in order, then nothing; a result lands in out[row].
class BatchFeed final : public PointFeed {
 public:
  BatchFeed(const bopp::Points& X, std::span<const std::uint64_t> seeds, std::span<Evaluation> out)
      : out_(out) {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      const auto x = point_of(X, r);
      queue_.push_back({static_cast<std::uint64_t>(r),
                        {x.begin(), x.end()},
                        seeds[static_cast<std::size_t>(r)]});
    }
  }
  std::vector<PointJob> take(std::size_t most) override {
    const std::size_t n = std::min(most, queue_.size());
    std::vector<PointJob> jobs(std::make_move_iterator(queue_.begin()),
                               std::make_move_iterator(queue_.begin() + static_cast<long>(n)));
    queue_.erase(queue_.begin(), queue_.begin() + static_cast<long>(n));
    return jobs;
  }
  std::size_t waiting() const override { return queue_.size(); }
  void give_back(std::vector<PointJob> jobs) override {
    queue_.insert(queue_.begin(), std::make_move_iterator(jobs.begin()),
                  std::make_move_iterator(jobs.end()));
  }
  void land(std::uint64_t id, Evaluation result) override { out_[id] = std::move(result); }

 private:
  std::deque<PointJob> queue_;
  std::span<Evaluation> out_;
};

}  // namespace

void Evaluator::evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                         std::span<Evaluation> out) {
  BatchFeed feed(X, seeds, out);
  stream(feed);
}

void Evaluator::stream(PointFeed& feed) {
  for (;;) {
    const std::vector<PointJob> jobs = feed.take(std::max<std::size_t>(1, feed.waiting()));
    if (jobs.empty()) return;
    bopp::Points X(static_cast<Eigen::Index>(jobs.size()),
                   static_cast<Eigen::Index>(jobs.front().x.size()));
    std::vector<std::uint64_t> seeds(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      for (std::size_t j = 0; j < jobs[i].x.size(); ++j)
        X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = jobs[i].x[j];
      seeds[i] = jobs[i].seed;
    }
    std::vector<Evaluation> out(jobs.size());
    evaluate(X, seeds, out);
    for (std::size_t i = 0; i < jobs.size(); ++i) feed.land(jobs[i].id, std::move(out[i]));
  }
}

}  // namespace bopp::host
