#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/run/evaluators/chunk_scheduler.hpp>
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/evaluators/worker_process.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

namespace wp = worker_protocol;

// How a worker ended, as the reason its point failed.
std::string end_text(const ChildExit& exit) {
  if (exit.signaled) return "worker killed by " + exit.signal_text() + " while evaluating";
  return "worker exited with status " + std::to_string(exit.code) + " while evaluating";
}

// Points go out to the workers in chunks (see ChunkScheduler); a worker is sent its next chunk
// once it is idle, and a worker that ended is started again when there is work for it.
class ProcessesEvaluator final : public Evaluator {
 public:
  ProcessesEvaluator(const ObjectiveSpec& spec, std::uint32_t workers, double timeout_s,
                     std::uint64_t memory_mb, ResultListener on_result)
      : program_(worker_program()),
        spec_(spec),
        timeout_s_(timeout_s),
        memory_mb_(memory_mb),
        on_result_(std::move(on_result)),
        slots_(workers),
        scheduler_(workers, Refill::when_idle) {
    for (Slot& slot : slots_) start(slot);
  }

  ~ProcessesEvaluator() override {
    for (std::size_t w = 0; w < slots_.size(); ++w) {
      if (slots_[w].process && !scheduler_.busy(w)) slots_[w].process->close_and_wait();
    }
  }

  void stream(PointFeed& feed) override {
    std::vector<pollfd> fds;
    std::vector<std::size_t> busy;
    for (;;) {
      scheduler_.deal(feed, [&](std::size_t w, const std::vector<PointJob>& chunk) {
        if (!slots_[w].process) start(slots_[w]);
        send_chunk(slots_[w], chunk);
      });
      fds.clear();
      busy.clear();
      for (std::size_t w = 0; w < slots_.size(); ++w) {
        if (!scheduler_.busy(w)) continue;
        fds.push_back({slots_[w].process->socket(), POLLIN, 0});
        busy.push_back(w);
      }
      if (busy.empty()) return;
      if (::poll(fds.data(), fds.size(), poll_timeout_ms(busy)) < 0 && errno != EINTR) {
        throw Error(std::string("processes evaluator: poll failed: ") + std::strerror(errno));
      }
      for (std::size_t i = 0; i < busy.size(); ++i) {
        const std::size_t w = busy[i];
        if (fds[i].revents != 0) receive(w, feed);
        if (timed_out(w)) {
          slots_[w].process->kill_and_wait();
          end(w, "evaluation timed out after " + seconds_text(timeout_s_) + " s; worker killed",
              feed);
        }
      }
    }
  }

  std::string describe() const override {
    return describe_workers("processes", std::to_string(slots_.size()), timeout_s_, memory_mb_);
  }

 private:
  struct Slot {
    std::unique_ptr<WorkerProcess> process;
    std::string received;  // bytes of results not yet complete
  };

  // Starts the slot's worker and waits until it has made its objective.
  void start(Slot& slot) {
    slot.process = std::make_unique<WorkerProcess>(program_, memory_mb_);
    slot.received.clear();
    const int fd = slot.process->socket();
    wp::Writer setup;
    wp::write_setup(setup, spec_);
    std::uint8_t ok = 0;
    std::string message;
    if (!wp::send_all(fd, setup.bytes())) {
      // Gone already: its exit status says why.
    } else if (!answers_in_time(fd)) {
      slot.process->kill_and_wait();
      slot.process.reset();
      throw Error("processes evaluator: objective '" + spec_.name + "' was not made within " +
                  seconds_text(time_to_make()) + " s (timeout_s, at least " +
                  seconds_text(kLeastTimeToMake) + " s) in a worker; worker killed");
    } else if (wp::receive_number(fd, ok) && wp::receive_text(fd, message) && ok != 0) {
      return;
    }
    const ChildExit exit = slot.process->kill_and_wait();
    if (message.empty()) {
      message = exit.signaled ? "it was killed by " + exit.signal_text()
                : exit.code == kCannotExecute
                    ? "it cannot be executed (set BOPP_WORKER to its path)"
                    : "it exited with status " + std::to_string(exit.code);
    }
    slot.process.reset();
    throw Error("processes evaluator: cannot start worker " + program_.string() + ": " + message);
  }

  // Starting a worker, loading its libraries and making the objective take seconds on a loaded
  // machine, more under a sanitizer: a timeout_s set for one evaluation must not refuse that.
  static constexpr double kLeastTimeToMake = 5.0;
  double time_to_make() const { return std::max(timeout_s_, kLeastTimeToMake); }

  // Whether the worker answers in time: making the objective is bounded as evaluating a point
  // is, by timeout_s, but never below kLeastTimeToMake.
  bool answers_in_time(int fd) const {
    if (timeout_s_ <= 0.0) return true;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(time_to_make());
    for (;;) {
      const double left =
          std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
      pollfd answer{fd, POLLIN, 0};
      const int ready = ::poll(&answer, 1, static_cast<int>(std::ceil(std::max(0.0, left) * 1e3)));
      if (ready > 0) return true;
      if (ready == 0) return false;
      if (errno != EINTR) return true;  // the read that follows fails on what is broken
    }
  }

  void send_chunk(Slot& slot, const std::vector<PointJob>& chunk) {
    wp::Writer w;
    wp::write_chunk(w, chunk);
    // A worker that is gone shows as the end of its stream when it is next polled.
    wp::send_all(slot.process->socket(), w.bytes());
  }

  // Reads what worker `w` sent and lands each result.
  void receive(std::size_t w, PointFeed& feed) {
    Slot& slot = slots_[w];
    char buffer[65536];
    for (;;) {
      const ssize_t n = ::recv(slot.process->socket(), buffer, sizeof buffer, MSG_DONTWAIT);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n <= 0) return end(w, end_text(slot.process->wait()), feed);
      slot.received.append(buffer, static_cast<std::size_t>(n));
      std::size_t used = 0;
      while (auto result = wp::read_result(std::string_view(slot.received).substr(used))) {
        used += result->second;
        const auto id = scheduler_.finish(w, result->first.index);
        if (!id) {
          throw Error("processes evaluator: worker " + std::to_string(slot.process->pid()) +
                      " answered for a point it was not evaluating");
        }
        land(*id, std::move(result->first.evaluation), feed);
      }
      slot.received.erase(0, used);
    }
  }

  // Worker `w` has ended: the point it was evaluating fails with `reason`, the rest of its
  // chunk goes back to the feed, in order.
  void end(std::size_t w, std::string reason, PointFeed& feed) {
    if (auto lost = scheduler_.end(w, std::move(reason), feed)) {
      land(lost->id, std::move(lost->result), feed);
    }
    slots_[w].process.reset();
  }

  void land(std::uint64_t id, Evaluation result, PointFeed& feed) {
    if (on_result_) on_result_(static_cast<std::size_t>(id), result);
    feed.land(id, std::move(result));
  }

  bool timed_out(std::size_t w) const {
    return timeout_s_ > 0.0 && slots_[w].process && scheduler_.busy(w) &&
           scheduler_.seconds_on_point(w) >= timeout_s_;
  }

  // Until the first busy worker's deadline (-1: wait for results only).
  int poll_timeout_ms(const std::vector<std::size_t>& busy) const {
    if (timeout_s_ <= 0.0) return -1;
    double soonest = timeout_s_;
    for (const std::size_t w : busy)
      soonest = std::min(soonest, timeout_s_ - scheduler_.seconds_on_point(w));
    return static_cast<int>(std::ceil(std::max(0.0, soonest) * 1000.0));
  }

  std::filesystem::path program_;
  ObjectiveSpec spec_;
  double timeout_s_;
  std::uint64_t memory_mb_;
  ResultListener on_result_;
  std::vector<Slot> slots_;
  ChunkScheduler scheduler_;
};

}  // namespace

std::unique_ptr<Evaluator> make_processes_evaluator(const EvaluatorSetup& setup) {
  const std::uint32_t n =
      setup.workers > 0 ? setup.workers : std::max(1u, std::thread::hardware_concurrency());
  return std::make_unique<ProcessesEvaluator>(setup.spec, n, setup.timeout_s, setup.memory_mb,
                                              nullptr);
}

std::unique_ptr<Evaluator> make_processes_evaluator(const ObjectiveSpec& spec,
                                                    std::uint32_t workers, double timeout_s,
                                                    std::uint64_t memory_mb,
                                                    ResultListener on_result) {
  return std::make_unique<ProcessesEvaluator>(spec, workers, timeout_s, memory_mb,
                                              std::move(on_result));
}

}  // namespace bopp::host
