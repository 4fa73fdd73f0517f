// bopp/host/run/mpi/mpi_job.hpp: this process as one rank of a job started by mpirun.
//
// Every rank runs the same `bopp` program. Rank 0 runs the command (the host and the
// algorithm); ranks 1..K-1 only evaluate what the mpi evaluator on rank 0 sends them. MPI is
// initialized only when mpirun started two ranks or more, so a plain `bopp run` never pays
// for it.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace bopp::host {

// Whether mpirun started this process in a job of two ranks or more (OpenMPI sets
// OMPI_COMM_WORLD_SIZE in each rank's environment).
bool started_by_mpirun();

// The tags of the messages between rank 0 and an evaluating rank. The bodies are the worker
// protocol's fields (worker_protocol.hpp), so a rank hands a chunk to its bopp-worker as is.
namespace mpi_tag {
inline constexpr int setup = 1;   // 0 -> r: worker protocol setup, then timeout_s, memory_mb
inline constexpr int ready = 2;   // r -> 0: ok flag, then "" or why the objective was not made
inline constexpr int chunk = 3;   // 0 -> r: a worker protocol chunk
inline constexpr int result = 4;  // r -> 0: one worker protocol result
inline constexpr int stop = 5;    // 0 -> r: empty; the rank ends
}  // namespace mpi_tag

// One message as received: who sent it, its tag, its bytes.
struct MpiMessage {
  int source = -1;
  int tag = 0;
  std::string bytes;
};

// MPI initialized in this process, with errors returned rather than fatal, and a TCP link
// between rank 0 and every other rank. MPI itself does not tell a rank that another has died
// (OpenMPI 4.1 has no fault-tolerant MPI; a receive from a killed rank waits forever), but the
// kernel closes a dead process's sockets: rank 0 sees the end of a rank's link, and a rank
// whose link to rank 0 ends exits.
class MpiJob {
 public:
  // Throws Error (one line, in every rank) when MPI cannot start or a rank cannot reach rank 0.
  MpiJob(int& argc, char**& argv);
  // Rank 0: tells the ranks still linked to stop and waits until each has said so on its
  // link. Then every rank calls MPI_Finalize, unless a rank has died: OpenMPI 4.1's
  // MPI_Finalize waits for every rank, a dead one too, so then every rank ends without it
  // (rank 0 tells the others which, on the links).
  ~MpiJob();
  MpiJob(const MpiJob&) = delete;
  MpiJob& operator=(const MpiJob&) = delete;

  // The job this process belongs to (null: none).
  static MpiJob* current();

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Rank 0: whether rank `r` is still linked, and forgetting one whose link has ended.
  bool linked(int r) const { return links_[static_cast<std::size_t>(r)] >= 0; }
  void forget(int r);

  // Sends `bytes` to rank `to` without waiting for it to be received: a send to a rank that
  // has just died must not block the sender. The bytes are kept until MPI is done with them.
  void post(int to, int tag, std::string bytes);

  // Rank 0: the next message from any rank, or {r, -1} when the link of rank r (one of
  // `watched`) has ended.
  MpiMessage next_message(const std::vector<int>& watched);
  // Ranks > 0: the next message from rank 0.
  MpiMessage next_message_from_root();

  // Ranks > 0: the rank has stopped evaluating; tells rank 0 so on the link.
  void release_link();

 private:
  void link_to_root(const std::string& address);
  void accept_links(int listener);
  void watch_root();
  void complete_posted();

  int rank_ = 0;
  int size_ = 1;
  std::vector<int> links_;  // rank 0: one socket per rank (-1: none); others: [0] to rank 0
  std::atomic<bool> stopping_{false};
  std::atomic<char> verdict_{0};  // ranks > 0: rank 0's word at the end, kFinalize or not
  bool lost_ = false;             // rank 0: a rank has died
  std::thread root_watcher_;
  struct Posted;
  std::vector<std::unique_ptr<Posted>> posted_;  // sends MPI may still be reading
};

// Ranks > 0: evaluates what rank 0 sends until it says stop; returns the exit status.
int serve_evaluating_rank(MpiJob& job);

}  // namespace bopp::host
