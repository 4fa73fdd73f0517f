#include <bopp/host/run/evaluators/evaluator.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace bopp::host::worker_protocol {

void write_setup(Writer& w, const ObjectiveSpec& spec) {
  w.text(spec.library.string());
  w.text(spec.name);
  w.text(spec.config_text);
  w.number(spec.seed);
}

void write_chunk(Writer& w, std::span<const PointJob> jobs) {
  w.number(static_cast<std::uint32_t>(jobs.size()));
  w.number(static_cast<std::uint32_t>(jobs.empty() ? 0 : jobs.front().x.size()));
  for (const PointJob& job : jobs) {
    w.number(job.id);
    w.number(job.seed);
    for (double x : job.x) w.number(x);
  }
}

void write_result(Writer& w, std::uint64_t index, const Evaluation& e) {
  w.number(index);
  // 0 failed, 1 ok, 2 failed by misbehaving (the run warns about it).
  w.number(static_cast<std::uint8_t>(e.ok ? 1 : e.misbehaving ? 2 : 0));
  w.number(e.y);
  w.number(e.seconds);
  w.text(e.message);
}

std::optional<std::pair<Result, std::size_t>> read_result(std::string_view bytes) {
  Reader r(bytes);
  Result result;
  std::uint8_t ok = 0;
  if (!r.number(result.index) || !r.number(ok) || !r.number(result.evaluation.y) ||
      !r.number(result.evaluation.seconds) || !r.text(result.evaluation.message)) {
    return std::nullopt;
  }
  result.evaluation.ok = ok == 1;
  result.evaluation.misbehaving = ok == 2;
  return std::pair{std::move(result), r.used()};
}

bool send_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool receive_exactly(int fd, std::size_t size, std::string& out) {
  out.resize(size);
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, out.data() + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    got += static_cast<std::size_t>(n);
  }
  return true;
}

bool receive_text(int fd, std::string& out) {
  std::uint32_t size = 0;
  return receive_number(fd, size) && receive_exactly(fd, size, out);
}

}  // namespace bopp::host::worker_protocol
