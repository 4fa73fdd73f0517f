// The chunk scheduler of the processes and mpi evaluators: chunk sizes, which worker gets which
// points in which order, refills, and the points of a worker that ended.
#include <bopp/host/run/evaluators/chunk_scheduler.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <map>

namespace bopp::host {
namespace {

// A batch of `n` points 0..n-1 as a feed, recording what lands.
class ListFeed final : public PointFeed {
 public:
  explicit ListFeed(std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) queue_.push_back({i, {double(i)}, 100 + i});
  }
  std::vector<PointJob> take(std::size_t most) override {
    std::vector<PointJob> jobs;
    while (!queue_.empty() && jobs.size() < most) {
      jobs.push_back(queue_.front());
      queue_.pop_front();
    }
    return jobs;
  }
  std::size_t waiting() const override { return queue_.size(); }
  void give_back(std::vector<PointJob> jobs) override {
    queue_.insert(queue_.begin(), jobs.begin(), jobs.end());
  }
  void land(std::uint64_t id, Evaluation result) override { landed[id] = std::move(result); }

  std::map<std::uint64_t, Evaluation> landed;

 private:
  std::deque<PointJob> queue_;
};

// What each deal sent: (worker, ids of the chunk).
using Sent = std::vector<std::pair<std::size_t, std::vector<std::uint64_t>>>;

Sent deal(ChunkScheduler& scheduler, PointFeed& feed) {
  Sent sent;
  scheduler.deal(feed, [&](std::size_t worker, const std::vector<PointJob>& chunk) {
    std::vector<std::uint64_t> ids;
    for (const PointJob& job : chunk) ids.push_back(job.id);
    sent.emplace_back(worker, ids);
  });
  return sent;
}

TEST(ChunkScheduler, DealsAShareOfWhatIsLeftInWorkerOrder) {
  ListFeed feed(10);
  ChunkScheduler scheduler(2, Refill::when_idle);
  // ceil(10 / 4) = 3, then ceil(7 / 4) = 2.
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {0, 1, 2}}, {1, {3, 4}}}));
  EXPECT_TRUE(scheduler.busy(0));
  EXPECT_TRUE(scheduler.busy(1));
  // Busy workers get nothing more when they refill only once idle.
  EXPECT_TRUE(deal(scheduler, feed).empty());
  EXPECT_EQ(feed.waiting(), 5u);
}

TEST(ChunkScheduler, ChunksAreNeverEmptyAndStopWithTheFeed) {
  ListFeed feed(1);
  ChunkScheduler scheduler(3, Refill::when_idle);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {0}}}));
  EXPECT_FALSE(scheduler.busy(1));
  EXPECT_FALSE(scheduler.busy(2));
}

TEST(ChunkScheduler, ResultsFinishPointsInTheOrderSent) {
  ListFeed feed(4);
  ChunkScheduler scheduler(1, Refill::when_idle);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {0, 1}}}));
  EXPECT_EQ(scheduler.finish(0, 1), std::nullopt);  // not the point it evaluates
  EXPECT_EQ(scheduler.finish(0, 0), 0u);
  EXPECT_TRUE(scheduler.busy(0));
  EXPECT_TRUE(deal(scheduler, feed).empty());
  EXPECT_EQ(scheduler.finish(0, 1), 1u);
  EXPECT_FALSE(scheduler.busy(0));
  EXPECT_EQ(scheduler.finish(0, 2), std::nullopt);  // holds nothing
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {2}}}));
}

TEST(ChunkScheduler, OnLastPointRefillsAheadOnlyWhenPointsWait) {
  ListFeed feed(6);
  ChunkScheduler scheduler(1, Refill::on_last_point);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {0, 1, 2}}}));  // ceil(6 / 2)
  EXPECT_TRUE(deal(scheduler, feed).empty());                // three held
  scheduler.finish(0, 0);
  EXPECT_TRUE(deal(scheduler, feed).empty());  // two held
  scheduler.finish(0, 1);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {3, 4}}}));  // on its last point: ceil(3 / 2)
  scheduler.finish(0, 2);
  scheduler.finish(0, 3);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {5}}}));
  scheduler.finish(0, 4);
  EXPECT_TRUE(deal(scheduler, feed).empty());  // on its last point, but nothing waits
}

TEST(ChunkScheduler, AnEndedWorkerFailsItsPointAndGivesBackTheRestInOrder) {
  ListFeed feed(10);
  ChunkScheduler scheduler(2, Refill::when_idle);
  deal(scheduler, feed);  // worker 0: 0, 1, 2; worker 1: 3, 4
  scheduler.finish(0, 0);
  const std::optional<Landing> lost = scheduler.end(0, "worker killed", feed);
  ASSERT_TRUE(lost.has_value());
  EXPECT_EQ(lost->id, 1u);
  EXPECT_FALSE(lost->result.ok);
  EXPECT_TRUE(std::isnan(lost->result.y));
  EXPECT_EQ(lost->result.message, "worker killed");
  EXPECT_GE(lost->result.seconds, 0.0);
  EXPECT_FALSE(scheduler.busy(0));
  EXPECT_EQ(feed.waiting(), 6u);
  // Point 2 goes out first again, to the first idle worker: ceil(6 / 4) = 2.
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {2, 5}}}));
  EXPECT_EQ(scheduler.end(0, "again", feed)->id, 2u);
  EXPECT_FALSE(scheduler.end(0, "idle", feed).has_value());
}

TEST(ChunkScheduler, ARemovedWorkerLeavesTheOthersInOrder) {
  ListFeed feed(12);
  ChunkScheduler scheduler(3, Refill::on_last_point);
  // ceil(12 / 6) = 2, ceil(10 / 6) = 2, ceil(8 / 6) = 2.
  EXPECT_EQ(deal(scheduler, feed), (Sent{{0, {0, 1}}, {1, {2, 3}}, {2, {4, 5}}}));
  scheduler.end(1, "rank ended", feed);
  scheduler.remove(1);
  EXPECT_EQ(scheduler.count(), 2u);
  // Shares are now of two workers: ceil(7 / 4) = 2 to the one that was worker 2.
  scheduler.finish(1, 4);
  EXPECT_EQ(deal(scheduler, feed), (Sent{{1, {3, 6}}}));
}

TEST(ChunkScheduler, DescribesTheWorkersAndTheLimitsSet) {
  EXPECT_EQ(describe_workers("processes", "4", 0.0, 0), "processes (4)");
  EXPECT_EQ(describe_workers("mpi", "3 ranks", 2.5, 512),
            "mpi (3 ranks, timeout 2.5 s, memory 512 MiB)");
}

}  // namespace
}  // namespace bopp::host
