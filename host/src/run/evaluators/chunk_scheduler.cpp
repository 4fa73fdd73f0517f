#include <bopp/host/common/seconds.hpp>
#include <bopp/host/run/evaluators/chunk_scheduler.hpp>

#include <algorithm>
#include <iterator>
#include <limits>

namespace bopp::host {

ChunkScheduler::ChunkScheduler(std::size_t workers, Refill refill)
    : refill_(refill), workers_(workers) {}

double ChunkScheduler::seconds_on_point(std::size_t worker) const {
  return seconds_since(workers_[worker].started);
}

bool ChunkScheduler::due(const Worker& worker, const PointFeed& feed) const {
  if (worker.held.empty()) return true;
  return refill_ == Refill::on_last_point && worker.held.size() == 1 && feed.waiting() > 0;
}

void ChunkScheduler::deal(PointFeed& feed, const Send& send) {
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    Worker& worker = workers_[w];
    if (!due(worker, feed)) continue;
    const std::size_t share = 2 * workers_.size();
    std::vector<PointJob> chunk =
        feed.take(std::max<std::size_t>(1, (feed.waiting() + share - 1) / share));
    if (chunk.empty()) return;
    send(w, chunk);
    if (worker.held.empty()) worker.started = Clock::now();
    worker.held.insert(worker.held.end(), std::make_move_iterator(chunk.begin()),
                       std::make_move_iterator(chunk.end()));
  }
}

std::optional<std::uint64_t> ChunkScheduler::finish(std::size_t worker, std::uint64_t index) {
  Worker& w = workers_[worker];
  if (w.held.empty() || w.held.front().id != index) return std::nullopt;
  w.held.pop_front();
  w.started = Clock::now();
  return index;
}

std::optional<Landing> ChunkScheduler::end(std::size_t worker, std::string reason,
                                           PointFeed& feed) {
  Worker& w = workers_[worker];
  if (w.held.empty()) return std::nullopt;
  Landing lost{w.held.front().id,
               {std::numeric_limits<double>::quiet_NaN(), false, std::move(reason),
                seconds_since(w.started)}};
  w.held.pop_front();
  feed.give_back({std::make_move_iterator(w.held.begin()), std::make_move_iterator(w.held.end())});
  w.held.clear();
  return lost;
}

void ChunkScheduler::remove(std::size_t worker) {
  workers_.erase(workers_.begin() + static_cast<std::ptrdiff_t>(worker));
}

std::string describe_workers(std::string_view kind, std::string_view workers, double timeout_s,
                             std::uint64_t memory_mb) {
  std::string text = std::string(kind) + " (" + std::string(workers);
  if (timeout_s > 0.0) text += ", timeout " + seconds_text(timeout_s) + " s";
  if (memory_mb > 0) text += ", memory " + std::to_string(memory_mb) + " MiB";
  return text + ")";
}

}  // namespace bopp::host
