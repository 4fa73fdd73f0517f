// An evaluating rank (1..K-1) of an MPI job: it runs the objective in one bopp-worker of its
// own through the processes evaluator, so a crash in the objective costs one evaluation and a
// new worker takes over, and passes every result on to rank 0 as soon as it lands.
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>

#include <mpi.h>

#include <exception>
#include <vector>

namespace bopp::host {
namespace {

namespace wp = worker_protocol;

void send_to_root(int tag, const std::string& bytes) {
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, tag, MPI_COMM_WORLD);
}

// A fresh evaluator for the objective rank 0 describes, and the readiness it answers.
std::unique_ptr<Evaluator> set_up(const std::string& bytes,
                                  const std::vector<std::uint64_t>& index) {
  wp::Reader r(bytes);
  ObjectiveSpec spec;
  std::string library;
  double timeout_s = 0.0;
  std::uint64_t memory_mb = 0;
  r.text(library);
  r.text(spec.name);
  r.text(spec.config_text);
  r.number(spec.seed);
  r.number(timeout_s);
  r.number(memory_mb);
  spec.library = library;
  wp::Writer ready;
  std::unique_ptr<Evaluator> evaluator;
  try {
    evaluator = make_processes_evaluator(spec, 1, timeout_s, memory_mb,
                                         [&index](std::size_t row, const Evaluation& e) {
                                           wp::Writer w;
                                           wp::write_result(w, index[row], e);
                                           send_to_root(mpi_tag::result, w.bytes());
                                         });
    ready.number(std::uint8_t{1});
    ready.text("");
  } catch (const std::exception& e) {
    ready.number(std::uint8_t{0});
    ready.text(e.what());
  }
  send_to_root(mpi_tag::ready, ready.bytes());
  return evaluator;
}

}  // namespace

int serve_evaluating_rank(MpiJob& job) {
  std::unique_ptr<Evaluator> evaluator;
  std::vector<std::uint64_t> index;  // the batch index of each row of the chunk
  bopp::Points X;
  std::vector<std::uint64_t> seeds;
  std::vector<Evaluation> out;
  for (;;) {
    const MpiMessage m = job.next_message_from_root();
    if (m.tag == mpi_tag::stop) break;
    if (m.tag == mpi_tag::setup) {
      evaluator = set_up(m.bytes, index);
      continue;
    }
    if (m.tag != mpi_tag::chunk || !evaluator) continue;
    wp::Reader r(m.bytes);
    std::uint32_t count = 0, dim = 0;
    r.number(count);
    r.number(dim);
    X.resize(count, dim);
    index.assign(count, 0);
    seeds.assign(count, 0);
    for (std::uint32_t p = 0; p < count; ++p) {
      r.number(index[p]);
      r.number(seeds[p]);
      for (std::uint32_t d = 0; d < dim; ++d) r.number(X(p, d));
    }
    out.assign(count, Evaluation{});
    evaluator->evaluate(X, seeds, out);
  }
  // The worker ends before the rank says it has stopped, so rank 0 finds nothing of it left.
  evaluator.reset();
  job.release_link();
  return 0;
}

}  // namespace bopp::host
