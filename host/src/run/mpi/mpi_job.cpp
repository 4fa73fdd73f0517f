#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/mpi/mpi_job.hpp>

#include <mpi.h>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>

namespace bopp::host {
namespace {

MpiJob* g_job = nullptr;

// How long a rank sleeps between looks for a message: short enough to add little to a
// 10 ms evaluation, long enough not to take a core from the ranks evaluating beside it
// (OpenMPI's own blocking receive spins).
constexpr long kIdleNanoseconds = 50'000;

// The bytes on a link at the end: a rank says it has stopped, rank 0 answers whether every
// rank finalizes MPI (kFinalize) or ends without it (kSkipFinalize).
constexpr char kStopped = 'S';
constexpr char kFinalize = 'F';
constexpr char kSkipFinalize = 'X';

std::string errno_text() { return std::strerror(errno); }

std::string host_name() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

// A TCP socket listening on every interface, on a port the kernel picks.
int listen_anywhere(std::uint16_t& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  socklen_t size = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(fd, SOMAXCONN) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    ::close(fd);
    return -1;
  }
  port = ntohs(address.sin_port);
  return fd;
}

// A connected socket to `host`:`port`, or -1 with the reason in `why`.
int connect_to(const std::string& host, std::uint16_t port, std::string& why) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
      rc != 0) {
    why = "cannot resolve " + host + ": " + ::gai_strerror(rc);
    return -1;
  }
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd >= 0 && ::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      why = "cannot connect to " + host + ":" + std::to_string(port) + ": " + errno_text();
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  return fd;
}

void sleep_idle() {
  const timespec pause{0, kIdleNanoseconds};
  ::nanosleep(&pause, nullptr);
}

// The message MPI has matched, received whole.
MpiMessage receive_matched(MPI_Message& matched, const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  MpiMessage message{status.MPI_SOURCE, status.MPI_TAG,
                     std::string(static_cast<std::size_t>(count), '\0')};
  MPI_Mrecv(message.bytes.data(), count, MPI_BYTE, &matched, MPI_STATUS_IGNORE);
  return message;
}

std::optional<MpiMessage> probe(int source) {
  int found = 0;
  MPI_Message matched;
  MPI_Status status;
  MPI_Improbe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &found, &matched, &status);
  if (found == 0) return std::nullopt;
  return receive_matched(matched, status);
}

}  // namespace

bool started_by_mpirun() {
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  return size != nullptr && std::atoi(size) >= 2;
}

struct MpiJob::Posted {
  MPI_Request request = MPI_REQUEST_NULL;
  std::string bytes;
};

MpiJob::MpiJob(int& argc, char**& argv) {
  if (MPI_Init(&argc, &argv) != MPI_SUCCESS) throw Error("cannot initialize MPI");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  // Programs this rank starts (bopp-worker, the runs of a bench) are not ranks themselves.
  ::unsetenv("OMPI_COMM_WORLD_SIZE");
  g_job = this;

  // Rank 0 listens; the others connect to the address it sends everyone, and each says in a
  // gather whether it could: the job starts only when every rank is linked.
  int listener = -1;
  std::string listen_error;
  char address[512] = {};
  if (rank_ == 0) {
    std::uint16_t port = 0;
    listener = listen_anywhere(port);
    if (listener < 0) listen_error = errno_text();
    std::snprintf(address, sizeof address, "%u %s", listener >= 0 ? port : 0u, host_name().c_str());
  }
  MPI_Bcast(address, sizeof address, MPI_CHAR, 0, MPI_COMM_WORLD);
  char why[256] = {};
  if (rank_ > 0) {
    std::string reason;
    try {
      link_to_root(address);
    } catch (const Error& e) {
      reason = e.what();
    }
    std::snprintf(why, sizeof why, "%s", reason.c_str());
  }
  std::vector<char> whys(rank_ == 0 ? sizeof why * static_cast<std::size_t>(size_) : 1);
  MPI_Gather(why, sizeof why, MPI_CHAR, whys.data(), sizeof why, MPI_CHAR, 0, MPI_COMM_WORLD);
  char failure[512] = {};
  if (rank_ == 0) {
    if (listener < 0) {
      std::snprintf(failure, sizeof failure, "rank 0 cannot listen for the other ranks: %s",
                    listen_error.c_str());
    }
    for (int r = 1; r < size_ && failure[0] == '\0'; ++r) {
      const char* reason = whys.data() + sizeof why * static_cast<std::size_t>(r);
      if (*reason != '\0') std::snprintf(failure, sizeof failure, "rank %d: %s", r, reason);
    }
    if (failure[0] == '\0') accept_links(listener);
    if (listener >= 0) ::close(listener);
  }
  MPI_Bcast(failure, sizeof failure, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (failure[0] != '\0') {
    for (int fd : links_)
      if (fd >= 0) ::close(fd);
    links_.clear();
    g_job = nullptr;
    MPI_Finalize();
    throw Error(std::string("MPI job: ") + failure);
  }
  if (rank_ > 0) root_watcher_ = std::thread([this] { watch_root(); });
}

void MpiJob::link_to_root(const std::string& address) {
  const std::size_t space = address.find(' ');
  const auto port = static_cast<std::uint16_t>(std::atoi(address.substr(0, space).c_str()));
  const std::string root_host = address.substr(space + 1);
  if (port == 0) throw Error("rank 0 has no link to offer");
  std::string why;
  // On rank 0's own machine the loopback always answers.
  const int fd = connect_to(root_host == host_name() ? "127.0.0.1" : root_host, port, why);
  if (fd < 0) throw Error("cannot link to rank 0: " + why);
  const auto me = static_cast<std::int32_t>(rank_);
  if (::send(fd, &me, sizeof me, MSG_NOSIGNAL) != sizeof me) {
    ::close(fd);
    throw Error("cannot link to rank 0: " + errno_text());
  }
  links_ = {fd};
}

void MpiJob::accept_links(int listener) {
  links_.assign(static_cast<std::size_t>(size_), -1);
  for (int k = 1; k < size_; ++k) {
    const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    std::int32_t r = -1;
    if (fd < 0 || ::recv(fd, &r, sizeof r, MSG_WAITALL) != sizeof r || r < 1 || r >= size_) {
      if (fd >= 0) ::close(fd);
      continue;
    }
    links_[static_cast<std::size_t>(r)] = fd;
  }
}

// Ranks > 0, on a thread of their own: rank 0 ending unexpectedly ends this rank too (its
// bopp-worker dies with it), whatever it was doing; otherwise mpirun would wait for it. At a
// normal end the thread receives rank 0's verdict instead.
void MpiJob::watch_root() {
  char byte = 0;
  ssize_t n = 0;
  while ((n = ::recv(links_[0], &byte, 1, 0)) < 0 && errno == EINTR) {
  }
  if (n == 1 || stopping_.load()) {
    verdict_.store(n == 1 ? byte : kSkipFinalize);
    return;
  }
  std::fprintf(stderr, "bopp: rank %d: rank 0 has ended; this rank stops\n", rank_);
  std::_Exit(3);
}

void MpiJob::release_link() {
  if (stopping_.exchange(true)) return;
  ::send(links_[0], &kStopped, 1, MSG_NOSIGNAL);
}

void MpiJob::forget(int r) {
  int& fd = links_[static_cast<std::size_t>(r)];
  lost_ = true;
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void MpiJob::post(int to, int tag, std::string bytes) {
  complete_posted();
  auto posted = std::make_unique<Posted>();
  posted->bytes = std::move(bytes);
  MPI_Isend(posted->bytes.data(), static_cast<int>(posted->bytes.size()), MPI_BYTE, to, tag,
            MPI_COMM_WORLD, &posted->request);
  posted_.push_back(std::move(posted));
}

void MpiJob::complete_posted() {
  std::erase_if(posted_, [](const std::unique_ptr<Posted>& p) {
    int done = 0;
    MPI_Test(&p->request, &done, MPI_STATUS_IGNORE);
    return done != 0;
  });
}

MpiMessage MpiJob::next_message(const std::vector<int>& watched) {
  std::vector<pollfd> fds;
  for (;;) {
    complete_posted();
    if (auto message = probe(MPI_ANY_SOURCE)) return *message;
    fds.clear();
    for (int r : watched) fds.push_back({links_[static_cast<std::size_t>(r)], POLLIN, 0});
    const timespec pause{0, kIdleNanoseconds};
    if (::ppoll(fds.data(), fds.size(), &pause, nullptr) > 0) {
      for (std::size_t i = 0; i < fds.size(); ++i) {
        // A rank never writes on its link: anything readable is its end.
        if (fds[i].revents != 0) return {watched[i], -1, {}};
      }
    }
  }
}

MpiMessage MpiJob::next_message_from_root() {
  for (;;) {
    if (auto message = probe(0)) return *message;
    sleep_idle();
  }
}

MpiJob::~MpiJob() {
  bool finalize = true;
  if (rank_ == 0) {
    for (int r = 1; r < size_; ++r) {
      if (linked(r)) post(r, mpi_tag::stop, {});
    }
    // A stopping rank says so; a dead one's link just ends.
    std::vector<int> stopped;
    for (int r = 1; r < size_; ++r) {
      if (!linked(r)) continue;
      char byte = 0;
      ssize_t n = 0;
      while ((n = ::recv(links_[static_cast<std::size_t>(r)], &byte, 1, 0)) < 0 && errno == EINTR) {
      }
      if (n == 1 && byte == kStopped) {
        stopped.push_back(r);
      } else {
        forget(r);
      }
    }
    finalize = !lost_;
    const char verdict = finalize ? kFinalize : kSkipFinalize;
    for (int r : stopped) {
      ::send(links_[static_cast<std::size_t>(r)], &verdict, 1, MSG_NOSIGNAL);
      forget(r);
    }
    complete_posted();
  } else {
    release_link();
    if (root_watcher_.joinable()) root_watcher_.join();
    if (!links_.empty() && links_[0] >= 0) ::close(links_[0]);
    finalize = verdict_.load() == kFinalize;
  }
  g_job = nullptr;
  if (!finalize) return;
  // Sends to a rank that died never complete; MPI is told to forget them (their bytes are
  // freed with this object, after MPI_Finalize).
  for (auto& p : posted_) {
    if (p->request != MPI_REQUEST_NULL) MPI_Request_free(&p->request);
  }
  MPI_Finalize();
}

MpiJob* MpiJob::current() { return g_job; }

}  // namespace bopp::host
