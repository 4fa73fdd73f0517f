// bopp/host/run/evaluators/worker_protocol.hpp: the messages between the processes evaluator and
// its bopp-worker processes, over one Unix stream socket (the worker's descriptor 3).
//
// Both ends are the same build on the same machine, so numbers travel as their native bytes:
// a double arrives bit for bit. Every message is a sequence of fields:
//   setup  (host -> worker, once): library path, objective name, configuration TOML, seed
//   ready  (worker -> host, once): ok flag, then "" or why the objective could not be made
//   chunk  (host -> worker): count, dim, then per point its index, seed and dim coordinates
//   result (worker -> host, one per point as soon as it is evaluated): index, ok, y,
//          seconds, message
// Results come one by one so that when a worker dies, the host knows which point killed it.
#pragma once

#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/run/evaluators/evaluator.hpp>

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bopp::host::worker_protocol {

// The descriptor a worker finds its socket on.
inline constexpr int kSocketFd = 3;

// Appends fields to a message.
class Writer {
 public:
  template <class T>
  void number(T value) {
    buffer_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void text(std::string_view value) {
    number(static_cast<std::uint32_t>(value.size()));
    buffer_.append(value);
  }
  const std::string& bytes() const { return buffer_; }
  void clear() { buffer_.clear(); }

 private:
  std::string buffer_;
};

// Reads fields from the front of a buffer; each read fails (nullopt / false) when the buffer
// holds too few bytes, so a caller can wait for more.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  bool number(T& value) {
    if (bytes_.size() - used_ < sizeof value) return false;
    std::memcpy(&value, bytes_.data() + used_, sizeof value);
    used_ += sizeof value;
    return true;
  }
  bool text(std::string& value) {
    std::uint32_t size = 0;
    const std::size_t start = used_;
    if (!number(size)) return false;
    if (bytes_.size() - used_ < size) {
      used_ = start;
      return false;
    }
    value.assign(bytes_.data() + used_, size);
    used_ += size;
    return true;
  }
  std::size_t used() const { return used_; }

 private:
  std::string_view bytes_;
  std::size_t used_ = 0;
};

// One evaluated point as a worker reports it.
struct Result {
  std::uint64_t index = 0;
  Evaluation evaluation;
};

void write_setup(Writer& w, const ObjectiveSpec& spec);
void write_result(Writer& w, std::uint64_t index, const Evaluation& e);
// A chunk of points, each with its id and seed, in the order the worker will evaluate them.
void write_chunk(Writer& w, std::span<const PointJob> jobs);

// A whole result from the front of `bytes`, with how many bytes it took; nullopt when
// `bytes` does not hold one yet.
std::optional<std::pair<Result, std::size_t>> read_result(std::string_view bytes);

// Sends all of `bytes`, without SIGPIPE when the other end is gone; false on any error.
bool send_all(int fd, std::string_view bytes);
// Receives exactly `size` bytes into `out`; false on end of stream or error.
bool receive_exactly(int fd, std::size_t size, std::string& out);
// Receives one length-prefixed text field, or one number.
bool receive_text(int fd, std::string& out);
template <class T>
bool receive_number(int fd, T& value) {
  std::string bytes;
  if (!receive_exactly(fd, sizeof value, bytes)) return false;
  std::memcpy(&value, bytes.data(), sizeof value);
  return true;
}

}  // namespace bopp::host::worker_protocol
