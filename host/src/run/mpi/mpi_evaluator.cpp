#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>
#include <bopp/host/run/mpi/mpi_evaluator.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <limits>
#include <string_view>
#include <vector>

namespace bopp::host {
namespace {

namespace wp = worker_protocol;
using Clock = std::chrono::steady_clock;

// OpenMPI aborts the whole job when a rank dies, unless mpirun was given --enable-recovery
// (which it passes on to the ranks as this MCA parameter).
bool recovery_enabled() {
  const char* value = std::getenv("OMPI_MCA_orte_enable_recovery");
  return value != nullptr && (std::string_view(value) == "1" || std::string_view(value) == "true");
}

// Chunks and results as the processes evaluator sends them to its workers, over MPI: a chunk is
// a share of what is left of the batch (remaining / (2 ranks)), results come one per point and
// land by their index.
class MpiEvaluator final : public Evaluator {
 public:
  MpiEvaluator(MpiJob& job, const EvaluatorSetup& setup)
      : job_(job), timeout_s_(setup.timeout_s), memory_mb_(setup.memory_mb) {
    wp::Writer w;
    wp::write_setup(w, setup.spec);
    w.number(setup.timeout_s);
    w.number(setup.memory_mb);
    std::vector<int> waiting;
    for (int r = 1; r < job_.size(); ++r) {
      if (!job_.linked(r)) continue;
      job_.post(r, mpi_tag::setup, w.bytes());
      waiting.push_back(r);
    }
    while (!waiting.empty()) {
      const MpiMessage m = job_.next_message(waiting);
      std::erase(waiting, m.source);
      if (m.tag < 0) {
        job_.forget(m.source);
        continue;
      }
      wp::Reader r(m.bytes);
      std::uint8_t ok = 0;
      std::string why;
      if (m.tag != mpi_tag::ready || !r.number(ok) || !r.text(why)) {
        throw Error("mpi evaluator: rank " + std::to_string(m.source) +
                    " sent something other than its readiness");
      }
      if (ok == 0) {
        throw Error("mpi evaluator: rank " + std::to_string(m.source) +
                    " cannot make the objective: " + why);
      }
      slots_.push_back({m.source, {}, Clock::now()});
    }
    if (slots_.empty()) throw Error("mpi evaluator: no evaluating rank is left");
    std::sort(slots_.begin(), slots_.end(),
              [](const Slot& a, const Slot& b) { return a.rank < b.rank; });
    if (!recovery_enabled()) {
      std::fprintf(stderr,
                   "bopp: mpi evaluator: mpirun was started without --enable-recovery, so a rank "
                   "that dies ends the whole job\n");
    }
  }

  void stream(PointFeed& feed) override {
    std::vector<int> busy;
    for (;;) {
      for (Slot& slot : slots_) {
        // A rank on its last point is sent its next chunk already, when points are waiting:
        // it finds it there when it is done rather than after a round trip through rank 0.
        if (slot.in_flight.size() > 1 || (!slot.in_flight.empty() && feed.waiting() == 0)) continue;
        const std::size_t share = 2 * slots_.size();
        std::vector<PointJob> jobs =
            feed.take(std::max<std::size_t>(1, (feed.waiting() + share - 1) / share));
        if (jobs.empty()) break;
        send_chunk(slot, std::move(jobs));
      }
      busy.clear();
      for (const Slot& slot : slots_) {
        if (!slot.in_flight.empty()) busy.push_back(slot.rank);
      }
      if (busy.empty()) {
        if (slots_.empty() && !feed.take(1).empty()) {
          throw Error("mpi evaluator: every evaluating rank has ended; points are left");
        }
        return;
      }
      const MpiMessage m = job_.next_message(busy);
      const auto slot = std::find_if(slots_.begin(), slots_.end(),
                                     [&](const Slot& s) { return s.rank == m.source; });
      // What a rank sent before it was found dead is dropped with it.
      if (slot == slots_.end()) continue;
      if (m.tag < 0) {
        end(*slot, feed);
        job_.forget(m.source);
        slots_.erase(slot);
        continue;
      }
      const auto result = wp::read_result(m.bytes);
      if (m.tag != mpi_tag::result || !result || slot->in_flight.empty() ||
          result->first.index != slot->in_flight.front().id) {
        throw Error("mpi evaluator: rank " + std::to_string(m.source) +
                    " answered for a point it was not evaluating");
      }
      const std::uint64_t id = slot->in_flight.front().id;
      slot->in_flight.pop_front();
      slot->started = Clock::now();
      feed.land(id, std::move(result->first.evaluation));
    }
  }

  std::string describe() const override {
    std::string text = "mpi (" + std::to_string(slots_.size()) + " ranks";
    if (timeout_s_ > 0.0) text += ", timeout " + seconds_text(timeout_s_) + " s";
    if (memory_mb_ > 0) text += ", memory " + std::to_string(memory_mb_) + " MiB";
    return text + ")";
  }

 private:
  struct Slot {
    int rank = 0;
    std::deque<PointJob> in_flight;  // points sent, in the order the rank evaluates them
    Clock::time_point started;       // when the rank began the front row
  };

  void send_chunk(Slot& slot, std::vector<PointJob> jobs) {
    if (slot.in_flight.empty()) slot.started = Clock::now();
    wp::Writer w;
    wp::write_chunk(w, jobs);
    slot.in_flight.insert(slot.in_flight.end(), std::make_move_iterator(jobs.begin()),
                          std::make_move_iterator(jobs.end()));
    job_.post(slot.rank, mpi_tag::chunk, w.bytes());
  }

  // The rank has ended: the point it was evaluating fails, the rest of its chunk goes back to
  // the feed, in order.
  void end(Slot& slot, PointFeed& feed) {
    if (slot.in_flight.empty()) return;
    const double seconds = seconds_since(slot.started);
    const std::uint64_t id = slot.in_flight.front().id;
    slot.in_flight.pop_front();
    feed.give_back({std::make_move_iterator(slot.in_flight.begin()),
                    std::make_move_iterator(slot.in_flight.end())});
    slot.in_flight.clear();
    feed.land(id, {std::numeric_limits<double>::quiet_NaN(), false,
                   "rank " + std::to_string(slot.rank) + " of the MPI job ended while evaluating",
                   seconds});
  }

  MpiJob& job_;
  double timeout_s_;
  std::uint64_t memory_mb_;
  std::vector<Slot> slots_;
};

}  // namespace

std::unique_ptr<Evaluator> make_mpi_evaluator(const EvaluatorSetup& setup) {
  MpiJob* job = MpiJob::current();
  if (job == nullptr) {
    throw Error(
        "evaluator kind 'mpi' needs an MPI job: start the run as `mpirun -n K bopp run "
        "EXPERIMENT` with K >= 2 (rank 0 runs the algorithm, ranks 1..K-1 evaluate)");
  }
  return std::make_unique<MpiEvaluator>(*job, setup);
}

}  // namespace bopp::host
