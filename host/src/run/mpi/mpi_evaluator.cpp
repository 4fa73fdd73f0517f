#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluators/chunk_scheduler.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>
#include <bopp/host/run/mpi/mpi_evaluator.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace bopp::host {
namespace {

namespace wp = worker_protocol;

// OpenMPI aborts the whole job when a rank dies, unless mpirun was given --enable-recovery
// (which it passes on to the ranks as this MCA parameter).
bool recovery_enabled() {
  const char* value = std::getenv("OMPI_MCA_orte_enable_recovery");
  return value != nullptr && (std::string_view(value) == "1" || std::string_view(value) == "true");
}

// Sends each linked rank the objective and waits for its readiness: the ranks that evaluate,
// in order.
std::vector<int> set_up_ranks(MpiJob& job, const EvaluatorSetup& setup) {
  wp::Writer w;
  wp::write_setup(w, setup.spec);
  w.number(setup.timeout_s);
  w.number(setup.memory_mb);
  std::vector<int> waiting;
  for (int r = 1; r < job.size(); ++r) {
    if (!job.linked(r)) continue;
    job.post(r, mpi_tag::setup, w.bytes());
    waiting.push_back(r);
  }
  std::vector<int> ranks;
  while (!waiting.empty()) {
    const MpiMessage m = job.next_message(waiting);
    std::erase(waiting, m.source);
    if (m.tag < 0) {
      job.forget(m.source);
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
    ranks.push_back(m.source);
  }
  if (ranks.empty()) throw Error("mpi evaluator: no evaluating rank is left");
  std::sort(ranks.begin(), ranks.end());
  return ranks;
}

// Chunks and results as the processes evaluator sends them to its workers, over MPI (see
// ChunkScheduler); a rank on its last point is sent its next chunk already, when points wait.
class MpiEvaluator final : public Evaluator {
 public:
  MpiEvaluator(MpiJob& job, const EvaluatorSetup& setup)
      : job_(job),
        timeout_s_(setup.timeout_s),
        memory_mb_(setup.memory_mb),
        ranks_(set_up_ranks(job, setup)),
        scheduler_(ranks_.size(), Refill::on_last_point) {
    if (!recovery_enabled()) {
      std::fprintf(stderr,
                   "bopp: mpi evaluator: mpirun was started without --enable-recovery, so a rank "
                   "that dies ends the whole job\n");
    }
  }

  void stream(PointFeed& feed) override {
    std::vector<int> busy;
    for (;;) {
      scheduler_.deal(feed, [&](std::size_t w, const std::vector<PointJob>& chunk) {
        wp::Writer chunk_bytes;
        wp::write_chunk(chunk_bytes, chunk);
        job_.post(ranks_[w], mpi_tag::chunk, chunk_bytes.bytes());
      });
      busy.clear();
      for (std::size_t w = 0; w < ranks_.size(); ++w) {
        if (scheduler_.busy(w)) busy.push_back(ranks_[w]);
      }
      if (busy.empty()) {
        if (ranks_.empty() && !feed.take(1).empty()) {
          throw Error("mpi evaluator: every evaluating rank has ended; points are left");
        }
        return;
      }
      const MpiMessage m = job_.next_message(busy);
      const auto rank = std::find(ranks_.begin(), ranks_.end(), m.source);
      // What a rank sent before it was found dead is dropped with it.
      if (rank == ranks_.end()) continue;
      const auto w = static_cast<std::size_t>(rank - ranks_.begin());
      if (m.tag < 0) {
        if (auto lost = scheduler_.end(
                w, "rank " + std::to_string(m.source) + " of the MPI job ended while evaluating",
                feed)) {
          feed.land(lost->id, std::move(lost->result));
        }
        job_.forget(m.source);
        scheduler_.remove(w);
        ranks_.erase(rank);
        continue;
      }
      auto result = wp::read_result(m.bytes);
      const auto id = m.tag == mpi_tag::result && result ? scheduler_.finish(w, result->first.index)
                                                         : std::nullopt;
      if (!id) {
        throw Error("mpi evaluator: rank " + std::to_string(m.source) +
                    " answered for a point it was not evaluating");
      }
      feed.land(*id, std::move(result->first.evaluation));
    }
  }

  std::string describe() const override {
    return describe_workers("mpi", std::to_string(ranks_.size()) + " ranks", timeout_s_,
                            memory_mb_);
  }

 private:
  MpiJob& job_;
  double timeout_s_;
  std::uint64_t memory_mb_;
  std::vector<int> ranks_;  // the evaluating ranks, in order: worker w is ranks_[w]
  ChunkScheduler scheduler_;
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
