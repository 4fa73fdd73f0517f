#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/seconds.hpp>
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
#include <deque>
#include <limits>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

namespace wp = worker_protocol;
using Clock = std::chrono::steady_clock;

// How a worker ended, as the reason its point failed.
std::string end_text(const ChildExit& exit) {
  if (exit.signaled) return "worker killed by " + exit.signal_text() + " while evaluating";
  return "worker exited with status " + std::to_string(exit.code) + " while evaluating";
}

Evaluation failed(std::string message, double seconds) {
  return {std::numeric_limits<double>::quiet_NaN(), false, std::move(message), seconds};
}

// Points go out in chunks, several per message, and results come back one by one. A chunk
// is a share of what is left (guided self-scheduling: remaining / (2 workers)), so a
// batch of cheap points costs a few messages while the last points still spread out.
class ProcessesEvaluator final : public Evaluator {
 public:
  ProcessesEvaluator(const ObjectiveSpec& spec, std::uint32_t workers, double timeout_s,
                     std::uint64_t memory_mb, ResultListener on_result)
      : program_(worker_program()),
        spec_(spec),
        timeout_s_(timeout_s),
        memory_mb_(memory_mb),
        on_result_(std::move(on_result)),
        slots_(workers) {
    for (Slot& slot : slots_) start(slot);
  }

  ~ProcessesEvaluator() override {
    for (Slot& slot : slots_) {
      if (slot.process && slot.in_flight.empty()) slot.process->close_and_wait();
    }
  }

  void stream(PointFeed& feed) override {
    std::vector<pollfd> fds;
    std::vector<Slot*> busy;
    for (;;) {
      for (Slot& slot : slots_) {
        if (!slot.in_flight.empty()) continue;
        const std::size_t share = 2 * slots_.size();
        std::vector<PointJob> jobs =
            feed.take(std::max<std::size_t>(1, (feed.waiting() + share - 1) / share));
        if (jobs.empty()) break;
        if (!slot.process) start(slot);
        send_chunk(slot, std::move(jobs));
      }
      fds.clear();
      busy.clear();
      for (Slot& slot : slots_) {
        if (slot.in_flight.empty()) continue;
        fds.push_back({slot.process->socket(), POLLIN, 0});
        busy.push_back(&slot);
      }
      if (busy.empty()) return;
      if (::poll(fds.data(), fds.size(), poll_timeout_ms(busy)) < 0 && errno != EINTR) {
        throw Error(std::string("processes evaluator: poll failed: ") + std::strerror(errno));
      }
      for (std::size_t i = 0; i < busy.size(); ++i) {
        Slot& slot = *busy[i];
        if (fds[i].revents != 0) receive(slot, feed);
        if (timed_out(slot)) {
          slot.process->kill_and_wait();
          end(slot, "evaluation timed out after " + seconds_text(timeout_s_) + " s; worker killed",
              feed);
        }
      }
    }
  }

  std::string describe() const override {
    std::string text = "processes (" + std::to_string(slots_.size());
    if (timeout_s_ > 0.0) text += ", timeout " + seconds_text(timeout_s_) + " s";
    if (memory_mb_ > 0) text += ", memory " + std::to_string(memory_mb_) + " MiB";
    return text + ")";
  }

 private:
  struct Slot {
    std::unique_ptr<WorkerProcess> process;
    std::deque<PointJob> in_flight;  // points sent, in the order the worker evaluates them
    std::string received;            // bytes of results not yet complete
    Clock::time_point started;       // when the worker began the front row
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
    if (wp::send_all(fd, setup.bytes()) && wp::receive_number(fd, ok) &&
        wp::receive_text(fd, message) && ok != 0) {
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

  void send_chunk(Slot& slot, std::vector<PointJob> jobs) {
    wp::Writer w;
    wp::write_chunk(w, jobs);
    slot.in_flight.insert(slot.in_flight.end(), std::make_move_iterator(jobs.begin()),
                          std::make_move_iterator(jobs.end()));
    slot.started = Clock::now();
    // A worker that is gone shows as the end of its stream when it is next polled.
    wp::send_all(slot.process->socket(), w.bytes());
  }

  // Reads what the worker sent and lands each result.
  void receive(Slot& slot, PointFeed& feed) {
    char buffer[65536];
    for (;;) {
      const ssize_t n = ::recv(slot.process->socket(), buffer, sizeof buffer, MSG_DONTWAIT);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n <= 0) return end(slot, end_text(slot.process->wait()), feed);
      slot.received.append(buffer, static_cast<std::size_t>(n));
      std::size_t used = 0;
      while (auto result = wp::read_result(std::string_view(slot.received).substr(used))) {
        used += result->second;
        if (slot.in_flight.empty() || result->first.index != slot.in_flight.front().id) {
          throw Error("processes evaluator: worker " + std::to_string(slot.process->pid()) +
                      " answered for a point it was not evaluating");
        }
        land(slot.in_flight.front().id, std::move(result->first.evaluation), feed);
        slot.in_flight.pop_front();
        slot.started = Clock::now();
      }
      slot.received.erase(0, used);
    }
  }

  // The worker has ended: the point it was evaluating fails with `reason`, the rest of its
  // chunk goes back to the feed, in order.
  void end(Slot& slot, const std::string& reason, PointFeed& feed) {
    if (!slot.in_flight.empty()) {
      land(slot.in_flight.front().id, failed(reason, seconds_since(slot.started)), feed);
      slot.in_flight.pop_front();
    }
    feed.give_back({std::make_move_iterator(slot.in_flight.begin()),
                    std::make_move_iterator(slot.in_flight.end())});
    slot.in_flight.clear();
    slot.process.reset();
  }

  void land(std::uint64_t id, Evaluation result, PointFeed& feed) {
    if (on_result_) on_result_(static_cast<std::size_t>(id), result);
    feed.land(id, std::move(result));
  }

  bool timed_out(const Slot& slot) const {
    return timeout_s_ > 0.0 && slot.process && !slot.in_flight.empty() &&
           seconds_since(slot.started) >= timeout_s_;
  }

  // Until the first busy worker's deadline (-1: wait for results only).
  int poll_timeout_ms(const std::vector<Slot*>& busy) const {
    if (timeout_s_ <= 0.0) return -1;
    double soonest = timeout_s_;
    for (const Slot* slot : busy)
      soonest = std::min(soonest, timeout_s_ - seconds_since(slot->started));
    return static_cast<int>(std::ceil(std::max(0.0, soonest) * 1000.0));
  }

  std::filesystem::path program_;
  ObjectiveSpec spec_;
  double timeout_s_;
  std::uint64_t memory_mb_;
  ResultListener on_result_;
  std::vector<Slot> slots_;
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
