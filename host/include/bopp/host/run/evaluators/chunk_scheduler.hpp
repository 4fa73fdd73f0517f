// bopp/host/run/evaluators/chunk_scheduler.hpp: which points go to which worker, in chunks,
// for the evaluators whose workers are elsewhere (worker processes, MPI ranks).
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

// When a worker is sent its next chunk.
enum class Refill {
  when_idle,  // once it has no point left
  // already on its last point, when points wait: it finds the chunk there when it is done,
  // rather than after a round trip
  on_last_point,
};

// A point that has not landed yet, and the result it lands with.
struct Landing {
  std::uint64_t id = 0;
  Evaluation result;
};

// The points each worker holds, in the order it evaluates them. Points go out in chunks and
// results come back one by one; a chunk is a share of what is left (guided self-scheduling:
// remaining / (2 workers)), so a batch of cheap points costs a few messages while the last
// points still spread out. Workers are numbered 0..count()-1 and filled in that order; what a
// worker is (a process, a rank) is its evaluator's business.
class ChunkScheduler {
 public:
  using Send = std::function<void(std::size_t worker, const std::vector<PointJob>& chunk)>;

  ChunkScheduler(std::size_t workers, Refill refill);

  std::size_t count() const { return workers_.size(); }
  // Whether `worker` holds points (is evaluating one).
  bool busy(std::size_t worker) const { return !workers_[worker].held.empty(); }
  // How long `worker` has been on the point it is evaluating.
  double seconds_on_point(std::size_t worker) const;

  // Takes a chunk from `feed` for each worker that is due one, in worker order, and hands it
  // to `send`, after which the worker holds it; stops at the first empty take.
  void deal(PointFeed& feed, const Send& send);
  // `worker` answered for point `index`: the id to land its result at, when that is the point
  // it was evaluating (its next point's time starts now); nullopt when it is not.
  std::optional<std::uint64_t> finish(std::size_t worker, std::uint64_t index);
  // `worker` has ended: the point it was evaluating fails with `reason` (the caller lands it);
  // the rest of its points go back to `feed`, in order. Nullopt when it held none.
  std::optional<Landing> end(std::size_t worker, std::string reason, PointFeed& feed);
  // Forgets an ended worker that will not come back: those after it move down one.
  void remove(std::size_t worker);

 private:
  using Clock = std::chrono::steady_clock;
  struct Worker {
    std::deque<PointJob> held;  // points sent, in the order the worker evaluates them
    Clock::time_point started;  // when the worker began the front one
  };
  bool due(const Worker& worker, const PointFeed& feed) const;

  Refill refill_;
  std::vector<Worker> workers_;
};

// "processes (4, timeout 60 s, memory 512 MiB)": an evaluator of `kind` with `workers` (its
// count and unit), and the limits that are set.
std::string describe_workers(std::string_view kind, std::string_view workers, double timeout_s,
                             std::uint64_t memory_mb);

}  // namespace bopp::host
